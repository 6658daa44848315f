// `npm run --silent lists -- import DIR | update`: imports the sanctions and Tor / VPN /
// data-center lists of DIR (a progress line per file on stderr, one JSON summary on stdout).
// `update` would download the official lists, which needs internet access: it says where they
// are and exits 1.
import { openDatabase } from '@/lib/cli/database-url';
import { closeDb, configureDatabase, db } from '@/lib/db/client';
import { importLists } from '@/lib/services/reference/import-lists';

const USAGE = `usage:
  lists import DIR   import every recognised list under DIR (recursively)
  lists update       download the official lists (needs internet)`;

const OFFICIAL_URLS = [
  'https://check.torproject.org/exit-addresses (Tor TorDNSEL exit addresses)',
  'https://raw.githubusercontent.com/X4BNet/lists_vpn/main/output/vpn/ipv4.txt (X4BNet VPN)',
  'https://raw.githubusercontent.com/X4BNet/lists_vpn/main/output/datacenter/ipv4.txt (X4BNet datacenter)',
  'https://ip-ranges.amazonaws.com/ip-ranges.json (AWS)',
  'https://www.gstatic.com/ipranges/cloud.json (Google Cloud)',
  ...['SDN', 'ADD', 'ALT', 'SDN_COMMENTS'].map(
    (file) =>
      `https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/${file}.CSV (OFAC SDN)`,
  ),
  ...['CONS_PRIM', 'CONS_ADD', 'CONS_ALT', 'CONS_COMMENTS'].map(
    (file) =>
      `https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/${file}.CSV (OFAC consolidated non-SDN)`,
  ),
  'https://scsanctions.un.org/resources/xml/en/consolidated.xml (UN Security Council consolidated list)',
  'https://webgate.ec.europa.eu/fsd/fsf/public/files/csvFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw (EU Financial Sanctions Files, CSV 1.1)',
  'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw (EU Financial Sanctions Files, XML 1.1)',
  'https://ofsistorage.blob.core.windows.net/publishlive/2022format/ConList.csv (UK OFSI consolidated list)',
  'https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.csv (UK Sanctions List, FCDO)',
  'https://www.international.gc.ca/world-monde/assets/office_docs/international_relations-relations_internationales/sanctions/sema-lmes.xml (Canada SEMA consolidated list)',
];

function fail(code: string, message: string, exitCode: number): never {
  process.stderr.write(`${JSON.stringify({ error: code, message })}\n`);
  process.exit(exitCode);
}

let handle: { stop(): Promise<void> } | undefined;

async function main(argv: string[]): Promise<void> {
  const [command, dir, ...rest] = argv;
  if (command === 'update') {
    fail(
      'NEEDS_INTERNET',
      `lists update needs internet access, which this machine does not have; nothing was fetched. ` +
        `The official URLs are: ${OFFICIAL_URLS.join('; ')}. ` +
        'Download them into a directory (e.g. tor/, x4bnet-vpn/, x4bnet-datacenter/, aws/, gcp/, ofac-sdn/, ' +
        'ofac-consolidated/, un/, eu/, uk/, canada/) and run `lists import DIR`.',
      1,
    );
  }
  if (command !== 'import')
    fail('USAGE', `${command ? `unknown command "${command}"` : 'missing command'}\n${USAGE}`, 2);
  if (!dir || rest.length > 0) fail('USAGE', `import takes exactly one directory\n${USAGE}`, 2);
  const opened = await openDatabase();
  handle = opened;
  configureDatabase(opened.url);
  const summary = await importLists(db(), dir, (line) => process.stderr.write(`${line}\n`));
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  await closeDb();
  await handle.stop();
  process.exit(0);
}

main(process.argv.slice(2)).catch(async (error: unknown) => {
  await closeDb().catch(() => undefined);
  await handle?.stop().catch(() => undefined);
  fail('FAILED', error instanceof Error ? error.message : String(error), 1);
});
