import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderProxyConfig, upstreamServers } from '../../scripts/lib/proxy';

/** deploy/nginx.conf.template is rendered two ways: scripts/lib/proxy.ts (cluster, tests) and envsubst in deploy/proxy-entrypoint.sh (compose). */
describe('deploy/nginx.conf.template', () => {
  const root = path.resolve(__dirname, '../..');
  const template = readFileSync(path.join(root, 'deploy/nginx.conf.template'), 'utf8');
  const placeholders = [...new Set([...template.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]))].sort();
  const values = {
    DCS_RUN_DIR: '/run/x',
    DCS_HTTP_PORT: '80',
    DCS_HTTPS_PORT: '443',
    DCS_TLS_CERT: '/c/tls.crt',
    DCS_TLS_KEY: '/c/tls.key',
    DCS_UPSTREAM_SERVERS: upstreamServers(['127.0.0.1:3001', '127.0.0.1:3002']),
    DCS_LIVE_UPSTREAM_SERVERS: upstreamServers(['127.0.0.1:3001', '127.0.0.1:3002'], 'live'),
    DCS_WORKER_PROCESSES: '1',
  };

  it('has the placeholders both renderers fill, and the compose entrypoint substitutes exactly those', () => {
    expect(placeholders).toEqual(Object.keys(values).sort());
    const entrypoint = readFileSync(path.join(root, 'deploy/proxy-entrypoint.sh'), 'utf8');
    const list = /envsubst '([^']+)'/.exec(entrypoint)?.[1] ?? '';
    expect([...list.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]).sort()).toEqual(placeholders);
  });

  it('renders every placeholder and leaves nginx variables alone', () => {
    const conf = renderProxyConfig(values, template);
    expect(conf).not.toMatch(/\$\{/);
    expect(conf).toContain('server 127.0.0.1:3001 max_fails=1 fail_timeout=5s;');
    expect(conf).toContain('server 127.0.0.1:3002 max_fails=1 fail_timeout=5s;');
    expect(conf).toContain('proxy_set_header Upgrade $http_upgrade;');
    // The live sockets: the same instances without failure accounting (an upgraded socket is counted a success only when it ends).
    expect(conf).toMatch(/upstream dcs_live \{\s+least_conn;\s+server 127\.0\.0\.1:3001 max_fails=0;\s+server 127\.0\.0\.1:3002 max_fails=0;\s+\}/);
    expect(conf).toMatch(/location \/socket\.io\/ \{[^]*?proxy_pass http:\/\/dcs_live;/);
    expect(conf).toContain('listen 443 ssl http2;');
  });

  it('refuses to render with a value missing', () => {
    expect(() => renderProxyConfig({ ...values, DCS_TLS_KEY: '' }, template)).toThrow(/DCS_TLS_KEY/);
  });
});
