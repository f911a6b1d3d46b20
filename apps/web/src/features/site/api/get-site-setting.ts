// Moved to api/site (the sign-in pages need the brand too); kept so the site feature's imports hold.
export { getSiteSetting, getSiteSettingQueryOptions, useSiteSetting } from '../../../api/site/get-site-setting.ts';
