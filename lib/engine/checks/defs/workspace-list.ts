// WORKSPACE_LIST (Identity): the workspace's own block and allow lists (issue 33).
// Decided in ../workspace-list.ts from the entries the services matched (ctx.lists).
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, IP_ONLY } from '../example-kit';
import { listed, NOT_READ } from '../example-kits/workspace-list';

// Beyond the spec's checks: workspace lists are an additive check id, like the velocity checks.
export const workspaceList = defineCheck({
  id: 'WORKSPACE_LIST',
  checkPackage: 'Identity',
  name: "Workspace's own lists",
  states: {
    BLOCKED: {
      risk: 'HIGH',
      // The team's own finding (a confirmed fraud, a domain abused last week): as strong as a
      // sanctions hit, so a blocked applicant lands in the high band whatever else is clean.
      weight: 5,
      meaning:
        "A value of the request is on the workspace's block list (an unexpired entry); the evidence names the entry, its kind and its reason. A block beats an allow.",
    },
    ALLOWED: {
      risk: 'NONE',
      // The team vouches for the applicant: as much trust as a long, consistent history.
      weight: -2.5,
      meaning:
        "A value of the request is on the workspace's allow list and none on its block list: the team vouches for this applicant.",
    },
    NO_MATCH: { risk: 'NONE', meaning: "No value of the request is on the workspace's lists." },
    UNKNOWN: { risk: 'NONE', meaning: "The workspace's lists were not read for this call." },
  },
  source:
    "The workspace's own block and allow lists (the console's Lists page): e-mails, e-mail domains, phones, IP addresses and CIDR ranges, SSNs and names, each with a reason and an optional expiry",
  examples: [
    example(
      'BLOCKED',
      EMAIL_ONLY,
      listed('block', 'email_domain', 'gmail.com', 'Card testing from this domain'),
    ),
    example(
      'ALLOWED',
      IP_ONLY,
      listed('allow', 'ip', '73.223.14.201', 'Office network of a long-standing customer'),
    ),
    example('NO_MATCH', EMAIL_ONLY),
    example('UNKNOWN', EMAIL_ONLY, NOT_READ),
  ],
});
