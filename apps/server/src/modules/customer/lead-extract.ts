import type { LeadKind } from '@vidmatrix/contract/api/customer';

/** A contact found in a message. */
export interface ExtractedContact {
  kind: LeadKind;
  value: string;
}

// Mainland mobile numbers, not part of a longer digit run; single spaces or dashes may split groups.
const PHONE = /(?<!\d)1[3-9]\d(?:[ -]?\d){8}(?![ -]?\d)/g;
// A WeChat id after its usual names; Latin names must stand alone so "wxid_…" is not cut in two.
const WECHAT =
  /(?:微信|威信|薇信|v信|(?<![a-z])(?:vx|wx|wechat|weixin)(?![a-z0-9]))[\s:：=＝是号为]{0,4}([a-z][-_a-z0-9]{5,19})(?![-_a-z0-9])/gi;

/** Phone numbers (1[3-9]\d{9}) and WeChat ids in a message, each once, in order of appearance. */
export function extractContacts(text: string): ExtractedContact[] {
  // NFKC folds full-width digits and letters (１３８…, ｗｘ) into ASCII.
  const normalized = text.normalize('NFKC');
  const found: ExtractedContact[] = [];
  const seen = new Set<string>();
  const add = (kind: LeadKind, value: string) => {
    const key = `${kind}:${value}`;
    if (!seen.has(key)) {
      seen.add(key);
      found.push({ kind, value });
    }
  };
  for (const match of normalized.matchAll(PHONE)) {
    add('phone', match[0].replace(/[ -]/g, ''));
  }
  for (const match of normalized.matchAll(WECHAT)) {
    const id = match[1];
    if (id) {
      // WeChat ids are case-insensitive; one lowercase form de-duplicates them.
      add('wechat', id.toLowerCase());
    }
  }
  return found;
}
