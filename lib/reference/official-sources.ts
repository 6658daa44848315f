// Where `npm run lists -- update` fetches each list, and the folder/file it saves it as: the names
// the importers recognise (OFAC's four CSVs share a folder, as the import groups them by folder).
// The SSA tables are not here: the last high-group list was published in 2011.

export interface OfficialSource {
  url: string;
  /** Relative path under the download folder. */
  file: string;
  label: string;
}

const OFAC = 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports';

export const OFFICIAL_SOURCES: readonly OfficialSource[] = [
  {
    url: 'https://check.torproject.org/exit-addresses',
    file: 'tor/exit-addresses',
    label: 'Tor TorDNSEL exit addresses',
  },
  {
    url: 'https://raw.githubusercontent.com/X4BNet/lists_vpn/main/output/vpn/ipv4.txt',
    file: 'x4bnet-vpn/ipv4.txt',
    label: 'X4BNet VPN',
  },
  {
    url: 'https://raw.githubusercontent.com/X4BNet/lists_vpn/main/output/datacenter/ipv4.txt',
    file: 'x4bnet-datacenter/ipv4.txt',
    label: 'X4BNet datacenter',
  },
  { url: 'https://ip-ranges.amazonaws.com/ip-ranges.json', file: 'aws/ip-ranges.json', label: 'AWS' },
  { url: 'https://www.gstatic.com/ipranges/cloud.json', file: 'gcp/cloud.json', label: 'Google Cloud' },
  {
    url: 'https://mask-api.icloud.com/egress-ip-ranges.csv',
    file: 'icloud-private-relay/egress-ip-ranges.csv',
    label: 'iCloud Private Relay egress',
  },
  ...['SDN', 'ADD', 'ALT', 'SDN_COMMENTS'].map((name) => ({
    url: `${OFAC}/${name}.CSV`,
    file: `ofac-sdn/${name.toLowerCase()}.csv`,
    label: 'OFAC SDN',
  })),
  ...['CONS_PRIM', 'CONS_ADD', 'CONS_ALT', 'CONS_COMMENTS'].map((name) => ({
    url: `${OFAC}/${name}.CSV`,
    file: `ofac-consolidated/${name.toLowerCase()}.csv`,
    label: 'OFAC consolidated non-SDN',
  })),
  {
    url: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml',
    file: 'un/consolidated.xml',
    label: 'UN Security Council consolidated list',
  },
  {
    url: 'https://webgate.ec.europa.eu/fsd/fsf/public/files/csvFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw',
    file: 'eu/sanctions.csv',
    label: 'EU Financial Sanctions Files, CSV 1.1',
  },
  {
    url: 'https://ofsistorage.blob.core.windows.net/publishlive/2022format/ConList.csv',
    file: 'uk/ConList.csv',
    label: 'UK OFSI consolidated list',
  },
  {
    url: 'https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.csv',
    file: 'uk-fcdo/UK-Sanctions-List.csv',
    label: 'UK Sanctions List, FCDO',
  },
  {
    url: 'https://www.international.gc.ca/world-monde/assets/office_docs/international_relations-relations_internationales/sanctions/sema-lmes.xml',
    file: 'canada/sema-lmes.xml',
    label: 'Canada SEMA consolidated list',
  },
];
