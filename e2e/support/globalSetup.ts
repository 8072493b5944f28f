// One real server for all browser journeys of a run.
import type { TestProject } from 'vitest/node';
import { startTestServer } from './testServer.ts';

export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
