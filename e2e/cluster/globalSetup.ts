// One cluster for the whole run; its teardown runs whether the journeys pass or fail.
import type { TestProject } from 'vitest/node';
import { startCluster, type ClusterServer } from './cluster.ts';

export default async function setup(project: TestProject) {
  const cluster = await startCluster();
  // Every worker of the journeys goes through the one proxy.
  project.provide('baseUrls', [cluster.proxyUrl]);
  project.provide('clusterServers', cluster.servers);
  project.provide('clusterDatabaseUrl', cluster.databaseUrl);
  project.provide('clusterTelegram', cluster.telegram);
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    clusterServers: ClusterServer[];
    clusterDatabaseUrl: string;
    clusterTelegram: { url: string; webhookSecret: string };
  }
}
