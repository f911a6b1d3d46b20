import { useEffect } from 'react';
import { useSiteSetting } from '../../../api/site/get-site-setting.ts';
import { LogoMark } from '../../../components/icons.tsx';
import { APP_NAME } from '../../../lib/brand.ts';
import { StorageKey, writeValue } from '../../../lib/storage-keys.ts';

/** The brand's name as the server tells it (an agent's on the agent's own domain). */
export function useBrandName(): string {
  const { data: setting } = useSiteSetting();
  const name = setting?.system_name || APP_NAME;
  // The page title of every later page reads it (root shell).
  useEffect(() => {
    if (setting?.system_name) {
      writeValue(StorageKey.systemName, setting.system_name);
      document.title = `登录 - ${setting.system_name}`;
    }
  }, [setting?.system_name]);
  return name;
}

/** The brand's logo: an agent's on the agent's domain, else the product mark. */
export function BrandMark({ size = 36 }: { size?: number }) {
  const { data: setting } = useSiteSetting();
  return setting?.brand_logo ? (
    <img
      src={setting.brand_logo}
      alt=""
      height={size}
      style={{ borderRadius: 8, maxWidth: size * 2, objectFit: 'contain' }}
    />
  ) : (
    <LogoMark size={size} />
  );
}
