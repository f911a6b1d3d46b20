import type { Migration } from 'kysely';
import * as foundation from './202511211200_foundation.ts';
import * as materials from './202611211300_materials.ts';
import * as accounts from './202611211310_accounts.ts';
import * as chat from './202611211320_chat.ts';
import * as materialSearch from './202611211400_material_search.ts';
import * as publish from './202611231700_publish.ts';

/** Every migration, by name; append new ones at the end (names sort by their timestamp prefix). */
export const migrations: Record<string, Migration> = {
  '202511211200_foundation': foundation,
  '202611211320_chat': chat,
  '202611211310_accounts': accounts,
  '202611211300_materials': materials,
  '202611211400_material_search': materialSearch,
  '202611231700_publish': publish,
};
