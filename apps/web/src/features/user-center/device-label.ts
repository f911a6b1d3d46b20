/** A short Chinese label of a user agent: browser and system, e.g. 「Chrome · Windows」. */
export function deviceLabel(userAgent: string, platform: string): string {
  const ua = userAgent;
  const system = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  const browser = /Electron\//.test(ua)
    ? '桌面客户端'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /MicroMessenger/.test(ua)
        ? '微信'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Firefox\//.test(ua)
            ? 'Firefox'
            : /Safari\//.test(ua)
              ? 'Safari'
              : '';
  const name = platform === 'pc' && !browser ? '桌面客户端' : browser;
  const parts = [name, system].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : '未知设备';
}
