import type { ConfigValue, SiteSetting } from '@vidmatrix/contract/api/setting';
import { APP_CONFIG_CATE_ID } from '@vidmatrix/contract/constants';

/** The brand visitors of an agent's own domain see instead of the house's. */
export interface HostBrand {
  agentId: number;
  name: string;
  logoWhite: string;
  logoBlack: string;
  wechatService: boolean;
}

/** A request's host name as agents' domains are stored: lower case, no port, no trailing dot. */
export function normalizeHost(host: string): string {
  const bare = host.startsWith('[') ? host : host.replace(/:\d+$/, '');
  return bare.replace(/\.$/, '').toLowerCase();
}

/** Site settings on an agent's domain: the agent's name and logo replace the house's. */
export function brandSiteSetting(setting: SiteSetting, brand: HostBrand | null): SiteSetting {
  if (!brand) {
    return setting;
  }
  return {
    ...setting,
    system_name: brand.name,
    page_title: brand.name,
    logo_url: brand.logoBlack || brand.logoWhite,
    copyright: `© ${brand.name}`,
    brand_logo: brand.logoBlack || brand.logoWhite,
  };
}

/** App config (category 12) on an agent's domain: name and icons of the console's sidebar. */
export function brandConfigValues(cateId: number, values: ConfigValue[], brand: HostBrand | null): ConfigValue[] {
  if (!brand || cateId !== APP_CONFIG_CATE_ID) {
    return values;
  }
  const replaced: Record<string, string> = {
    appName: brand.name,
    'merchant-ico': brand.logoWhite || brand.logoBlack,
    'admin-logo': brand.logoBlack || brand.logoWhite,
  };
  return values.map((v) =>
    v.config_label in replaced && replaced[v.config_label] ? { ...v, config_value: replaced[v.config_label] ?? '' } : v,
  );
}

/** The product's name as the seeded content writes it; on an agent's domain the agent's name takes its place. */
export const HOUSE_NAME = 'AI获客矩阵';

/** Content answered on an agent's domain: every text naming the product names the agent's brand instead. */
export function brandContent<T>(value: T, brand: HostBrand | null): T {
  if (!brand) {
    return value;
  }
  const name = brand.name;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      return node.replaceAll(HOUSE_NAME, name);
    }
    if (Array.isArray(node)) {
      return node.map(walk);
    }
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item)]));
    }
    return node;
  };
  return walk(value) as T;
}
