// scripts/deployedNginx.ts turns deploy/nginx.conf into the file the cluster test, the recordings' nginx test and the
// benchmark run: every upstream with one line per local process, nothing of the production machine left.
import { localDeployedNginx } from '../../scripts/deployedNginx.ts';

const site = { port: 18000, redirectPort: 18001, dataDir: '/tmp/cluster', cacheDir: '/tmp/cluster/checks' };

function upstreams(config: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [, name, body] of config.matchAll(/upstream (\w+) \{([^}]*)\}/g)) {
    found[name!] = [...body!.matchAll(/^\s*server (\S+)/gm)].map((line) => line[1]!);
  }
  return found;
}

describe('deploy/nginx.conf on loopback', () => {
  it('gives every upstream one line per process, with the file’s own options', () => {
    const config = localDeployedNginx({ ...site, appPorts: [9101, 9102] });
    expect(upstreams(config)).toEqual({
      webinar_courses: ['127.0.0.1:9101', '127.0.0.1:9102'],
      webinar_courses_uploads: ['127.0.0.1:9101', '127.0.0.1:9102'],
    });
    expect(config).toContain('server 127.0.0.1:9102 max_fails=3 fail_timeout=10s;');
    expect(config).toContain('listen 127.0.0.1:18000;');
    expect(config).toContain('alias /tmp/cluster/recordings/lessons/;');
    expect(config).not.toMatch(/ssl|\/var\/|808\d/);
    expect(upstreams(localDeployedNginx({ ...site, appPorts: [9101] })).webinar_courses).toEqual(['127.0.0.1:9101']);
  });

  it('says which process answered only when asked to, on what nginx passes on from a process', () => {
    expect(localDeployedNginx({ ...site, appPorts: [9101] })).not.toContain('X-Upstream');
    const shown = localDeployedNginx({ ...site, appPorts: [9101], showUpstream: true });
    // The upload's location, the process's own answer for recordings, and every other address.
    expect(shown.match(/add_header X-Upstream \$upstream_addr always;/g)).toHaveLength(3);
    expect(() => localDeployedNginx({ ...site, appPorts: [] })).toThrow();
  });
});
