import { createHash } from 'node:crypto';

/**
 * A QR-looking image for a login or real-name ticket, as an SVG data URL. The ticket is written into
 * the image's <title>: the test's "phone" reads it from there (a real phone decodes the modules).
 */
export function qrDataUrl(ticket: string): string {
  const bits = createHash('sha256').update(ticket).digest();
  const n = 21;
  const cells: string[] = [];
  for (let y = 0; y < n; y += 1) {
    for (let x = 0; x < n; x += 1) {
      const finder = (x < 7 && y < 7) || (x >= n - 7 && y < 7) || (x < 7 && y >= n - 7);
      const bit = ((bits[(y * n + x) % bits.length] ?? 0) >> (x % 8)) & 1;
      if (finder ? x % 6 === 0 || y % 6 === 0 || (x % 7 >= 2 && x % 7 <= 4 && y % 7 >= 2 && y % 7 <= 4) : bit) {
        cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
      }
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${n + 4} ${n + 4}" width="200" height="200"><title>${ticket}</title><rect x="-2" y="-2" width="${n + 4}" height="${n + 4}" fill="#fff"/><g fill="#000">${cells.join('')}</g></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The ticket a QR image from qrDataUrl carries (what the phone reads when it scans). */
export function ticketOfQr(dataUrl: string): string | undefined {
  const base64 = /^data:image\/svg\+xml;base64,(.+)$/.exec(dataUrl)?.[1];
  if (!base64) {
    return undefined;
  }
  return /<title>([^<]+)<\/title>/.exec(Buffer.from(base64, 'base64').toString('utf8'))?.[1];
}

/** A captcha image showing its code, as an SVG data URL. */
export function captchaDataUrl(code: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#eef"/><text x="12" y="28" font-size="24" font-family="monospace" transform="rotate(-4 60 20)">${code}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
