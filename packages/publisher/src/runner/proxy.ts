import type { ProxySettings } from '../types.ts';

/** A proxy from an account's ip_code when it names one (`http://…`, `socks5://user:pass@host:port`). */
export function proxyOf(ipCode: string): ProxySettings | undefined {
  if (!/^(https?|socks5):\/\//.test(ipCode)) {
    return undefined;
  }
  const url = new URL(ipCode);
  return {
    server: `${url.protocol}//${url.host}`,
    ...(url.username ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : {}),
  };
}
