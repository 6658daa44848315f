// One real server for the whole contract suite: the `npm start` launcher (embedded PostgreSQL,
// migrations, demo data, `next start` of the production build) on a fresh DATA_DIR and port.
import type { TestProject } from 'vitest/node';
import { type LaunchedServer, launchServer } from '../../scripts/support/launch-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    demoKey: string;
    dataDir: string;
    startupOutput: string;
  }
}

let server: LaunchedServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await launchServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('demoKey', server.demoKey);
  project.provide('dataDir', server.dataDir);
  project.provide('startupOutput', server.startupOutput);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
