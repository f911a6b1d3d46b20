import { createContext, useContext } from 'react';
import { APP_NAME } from './brand.ts';

/** The name the public site goes by: the house's, or an agent's on the agent's own domain (site setting). */
export const SiteNameContext = createContext(APP_NAME);

/** The public site's name, for page copy that names the product (white-label on an agent's domain). */
export function useSiteName(): string {
  return useContext(SiteNameContext);
}
