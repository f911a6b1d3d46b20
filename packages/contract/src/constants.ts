/** SPEC §9 business constants and limits. Import these; never write the numbers bare. */

/** Header that carries the ApiToken. */
export const TOKEN_HEADER = 'memberToken';
/** Default timeout of an API call, ms. */
export const API_TIMEOUT_MS = 60_000;
/** Timeout of an export download, ms. */
export const EXPORT_TIMEOUT_MS = 80_000;
/** Timeout of an import upload (10 minutes), ms. */
export const IMPORT_TIMEOUT_MS = 600_000;
/**
 * Multipart upload part size, bytes (1 MB; SPEC §9). Kept as the spec's figure: uploads go through tus
 * in the server's larger chunks (UPLOAD_CHUNK_SIZE, file-setting.service.ts).
 * @public
 */
export const UPLOAD_PART_SIZE = 1024 * 1024;
/**
 * Timeout of one upload, ms (SPEC §9). Kept as the spec's figure: a tus upload resumes instead of timing out.
 * @public
 */
export const UPLOAD_TIMEOUT_MS = 200_000;

/** Largest file of the console cloud upload, MB. */
export const CLOUD_UPLOAD_MAX_MB = 300;
/** Largest file of the general uploader, MB. */
export const GENERAL_UPLOAD_MAX_MB = 100;
/** Default count limit of the general uploader. */
export const GENERAL_UPLOAD_MAX_COUNT = 9;
/** Largest import file, MB. */
export const IMPORT_MAX_MB = 10;
/** Files accepted by one import. */
export const IMPORT_MAX_FILES = 1;

/** How often cloud storage info is refreshed, ms. */
export const STORAGE_INFO_REFRESH_MS = 300_000;
/** Limit of the enterprise account list. */
export const ACCOUNT_LIST_LIMIT = 800;
/** Limit of the material group and tag lists. */
export const GROUP_TAG_LIST_LIMIT = 1000;
/**
 * Options loaded by the select control (SPEC §9). Kept as the spec's figure: no screen loads its options
 * remotely any more.
 * @public
 */
export const SELECT_OPTIONS_SIZE = 999;

/** Page sizes of the shared data table. */
export const TABLE_PAGE_SIZES = [10, 20, 50, 100, 200, 500] as const;
/** Default page size of the shared data table. */
export const TABLE_DEFAULT_PAGE_SIZE = 10;
/**
 * Page sizes of the music selection dialog: the table's (SPEC §9 names both).
 * @alias
 */
export const MUSIC_PAGE_SIZES = TABLE_PAGE_SIZES;
/** Default page size of the music selection dialog. */
export const MUSIC_DEFAULT_PAGE_SIZE = 10;
/** Page sizes of the material list. */
export const MATERIAL_PAGE_SIZES = [16, 24, 48, 100, 200, 500] as const;
/** Default page size of the material list. */
export const MATERIAL_DEFAULT_PAGE_SIZE = 16;

/** Throttle of search inputs, ms. */
export const SEARCH_THROTTLE_MS = 800;
/** Websocket ping interval, ms. */
export const WS_PING_MS = 15_000;
/** Websocket pong timeout, ms. */
export const WS_PONG_TIMEOUT_MS = 10_000;
/** Websocket reconnect delay, ms. */
export const WS_RECONNECT_MS = 3000;
/** Desktop notification timeout, ms. */
export const NOTIFICATION_TIMEOUT_MS = 4000;
/** Error toast duration, seconds. */
export const ERROR_TOAST_SECONDS = 5;

/** Scroll offset after which the public header takes its scrolled style, px. */
export const HEADER_SCROLL_THRESHOLD_PX = 50;
/** Widths below this are the mobile layout, px. */
export const MOBILE_BREAKPOINT_PX = 993;
/** Widths below this show lists as cards instead of tables (phones), px. */
export const CARD_LIST_BREAKPOINT_PX = 768;
/** Sidebar width, px. */
export const SIDEBAR_WIDTH_PX = 260;
/** Floating AI chat window size, px. */
export const AI_CHAT_WINDOW = { width: 375, height: 667 } as const;
/** Video preview player size, px. */
export const VIDEO_PLAYER = { width: 950, height: 540 } as const;
/** Import dialog width, px. */
export const IMPORT_DIALOG_WIDTH_PX = 800;
/** Material dialogs width, px. */
export const MATERIAL_DIALOG_WIDTH_PX = 920;

/** Length of a random upload object name. */
export const UPLOAD_NAME_LENGTH = 26;
/** Folder under which uploaded objects live. */
export const UPLOAD_PREFIX = 'media/';
/**
 * Shortest generated id (SPEC §9). Kept as the spec's figure: records use database ids.
 * @public
 */
export const ID_MIN_LENGTH = 8;
/**
 * Longest generated id (SPEC §9). Kept as the spec's figure: records use database ids.
 * @public
 */
export const ID_MAX_LENGTH = 32;

/**
 * Default theme colour (SPEC §9). Kept as the spec's figure: the console draws with THEME_COLOR_TEXT,
 * which carries white text legibly.
 * @public
 */
export const THEME_COLOR = '#ad6aff';
/** The theme colour darkened for text on white and white text on it: 5.1:1, where WCAG AA asks 4.5:1. */
export const THEME_COLOR_TEXT = '#8848e8';
/** Largest number the unread badge shows. */
export const UNREAD_BADGE_MAX = 99;
/** Tags shown on one material card. */
export const CARD_MAX_TAGS = 4;
/** Thumbnail width, px. */
export const THUMBNAIL_WIDTH_PX = 342;
/** Video poster frame offset, seconds. */
export const VIDEO_SNAPSHOT_SECOND = 1;
/** Default limit of the material picker. */
export const MATERIAL_PICKER_DEFAULT_LIMIT = 1;

/** Platform ids asked for by the enterprise account list. */
export const ACCOUNT_LIST_PLATFORM_IDS = [1, 2, 4, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18] as const;
/** Platforms whose accounts need cookie authorization (cookie_auth_status 1) to be selected (§5.4). */
export const COOKIE_AUTH_PLATFORM_IDS = [1, 4, 7, 8, 9, 10, 12, 15, 16, 17, 18] as const;
/** Platforms whose accounts need access authorization (access_status 1) to be selected (§5.4). */
export const ACCESS_AUTH_PLATFORM_IDS = [2, 6] as const;
/** Platform never selectable in image-clip mode (§5.4). */
export const IMAGE_CLIP_EXCLUDED_PLATFORM_ID = 6;
/** Platforms that offer re-authorization (§5.4). */
export const REAUTH_PLATFORM_IDS = [1, 2, 4, 7, 8, 9, 10, 12, 15, 16, 17, 18] as const;

/** Menu ids shown under the AI智能体员工 sidebar section (§2.3). */
export const AI_STAFF_MENU_IDS = [563, 567, 530, 569, 572, 573] as const;
/** The app config category the client reads (§3). */
export const APP_CONFIG_CATE_ID = 12;

/** Failed sign-ins (per account or address) after which a captcha is required. */
export const LOGIN_CAPTCHA_AFTER_FAILURES = 3;
/** Window over which failed sign-ins are counted, ms. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** Sign-in attempts allowed per address per minute. */
export const LOGIN_RATE_PER_MINUTE = 20;
/** Calls of the look and transition previews allowed per member per minute (the console asks once per load). */
export const CLIP_LOOKS_RATE_PER_MINUTE = 20;
/** Lifetime of an image captcha, ms. */
export const CAPTCHA_TTL_MS = 5 * 60_000;
/** Shortest and longest account name a member registers (letters, digits and underscores). */
export const ACCOUNT_NAME_MIN_LENGTH = 4;
export const ACCOUNT_NAME_MAX_LENGTH = 32;
/** Shortest and longest password a member sets. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 64;
/** Lifetime of a session token, ms (30 days). */
export const TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

// Clip tasks (issue 9). SPEC §9 names no clip limits: these are the house's, kept here with the rest.
/** Most videos one clip task may ask for. */
export const CLIP_MAX_VIDEOS = 200;
/** Output frame of a finished clip video, px (9:16). */
export const CLIP_OUTPUT_SIZE = { width: 1080, height: 1920 } as const;
/** Output frame of the quick preview render, px. */
export const CLIP_PREVIEW_SIZE = { width: 360, height: 640 } as const;
/** Output frame rate of a clip video. */
export const CLIP_FPS = 30;
/** Default length of one mixed segment, seconds. */
export const CLIP_SEGMENT_SECONDS = 3;
/** Shortest and longest segment a member may set, seconds. */
export const CLIP_SEGMENT_SECONDS_RANGE = { min: 1, max: 15 } as const;
/** Most segment windows taken from one long video (spread evenly), so a pool stays small and fast. */
export const CLIP_MAX_WINDOWS = 12;
/** Most segments (slots) in one video. */
export const CLIP_MAX_SEGMENTS = 30;
/** Most groups, steps or sources in one task. */
export const CLIP_MAX_GROUPS = 30;
/** Longest group name (批量混剪, 一键成片, 分组混剪), characters. */
export const CLIP_GROUP_NAME_MAX_CHARS = 50;
/** Most materials one group, step or pool may hold. */
export const CLIP_MAX_MATERIALS = 200;
/** Longest script line (one voice-over or one step), characters. */
export const CLIP_LINE_MAX_CHARS = 500;
/** Longest whole narration (一键成片), characters. */
export const CLIP_SCRIPT_MAX_CHARS = 3000;
/** Length of a group or image with no spoken line, seconds (as Alibaba ICE does). */
export const CLIP_DEFAULT_GROUP_SECONDS = 5;
/** Silence between two synthesised sentences, seconds. */
export const CLIP_SENTENCE_GAP_SECONDS = 0.15;
/** Picture kept after the voice ends, seconds. */
export const CLIP_TAIL_SECONDS = 0.5;
/** A render or analysis whose ffmpeg reports no progress for this long is killed (a busy host only slows it), ms. */
export const CLIP_RENDER_STALL_MS = 90_000;
/** Wall-time limit of the short tool runs that report no progress (ffprobe, template stills), ms. */
export const CLIP_RENDER_MIN_TIMEOUT_MS = 120_000;
/**
 * Lowest ffmpeg scene score (0–1) a CP拆拼 cut may have. 0.3 missed a re-framing of the same set
 * (0.29 measured); steady footage scores under 0.02 and a one-second fade under 0.06.
 */
export const CLIP_SCENE_THRESHOLD = 0.12;
/** ... and a cut stands this many times above the median score of the second around it (a flash or a pan does not). */
export const CLIP_SCENE_CONTRAST = 4;
/** Silences at least this long are cut in 口播 when asked, seconds. */
export const CLIP_MIN_SILENCE_SECONDS = 0.4;

/** Highest batch_download_max an operator can grant: materials in one batch-download zip (§6). */
export const BATCH_DOWNLOAD_MAX_LIMIT = 500;
/** An account authorization through a runner (QR login) ends unanswered after this, ms (the QR wait is 3 min). */
export const AUTH_REQUEST_TTL_MS = 5 * 60_000;
/** How often every authorized account's stored login is checked by the member's runner, ms (daily). */
export const AUTH_SWEEP_MS = 24 * 60 * 60_000;
/** How often every online runner checks the creator centres' pages against its connector definitions, ms (daily). */
export const DRIFT_CHECK_MS = 24 * 60 * 60_000;
/** How often the server looks for online runners whose drift check is due (a new runner's first within this), ms. */
export const DRIFT_SWEEP_MS = 60 * 60_000;
/** A QR image relayed from a runner is at most this long (a data URL), characters. */
export const AUTH_QR_MAX_CHARS = 512 * 1024;
/** Most templates a member may save on /clip/VideoTemplate. */
export const CLIP_MEMBER_TEMPLATES_MAX = 50;
/** Frame of a template's preview image, px (half the output frame). */
export const CLIP_TEMPLATE_PREVIEW_SIZE = { width: 540, height: 960 } as const;
/** Frame of a look's or a transition's preview beside its option, px (9:16, small enough for a list). */
export const CLIP_LOOK_PREVIEW_SIZE = { width: 90, height: 160 } as const;
/** Frames of a transition's preview strip: the first shows picture A, the last picture B. */
export const CLIP_TRANSITION_PREVIEW_FRAMES = 8;
// Voice, styles, titles and logo per clip task (issue 24).
/** Speech rate a member may choose, × the voice's normal speed (0.1 steps in the form). */
export const CLIP_VOICE_SPEED_RANGE = { min: 0.5, max: 2 } as const;
/** Narration volume a member may choose, % of the voice as synthesised (music and source sound are set apart). */
export const CLIP_VOICE_VOLUME_RANGE = { min: 10, max: 200 } as const;
/** Most titles one task may give (one is picked per video, as Alibaba ICE's TitleArray). */
export const CLIP_MAX_TITLES = 20;
/** Longest title, characters. */
export const CLIP_TITLE_MAX_CHARS = 40;
/** A logo's width, % of the frame's width. */
export const CLIP_LOGO_SIZE_RANGE = { min: 5, max: 40 } as const;
/** Gap between a logo and the frame's edges, % of the frame's short side. */
export const CLIP_LOGO_MARGIN_PERCENT = 3;
/** Where text may sit, % of the frame's height from the top (the text's centre). */
export const CLIP_TEXT_Y_RANGE = { min: 5, max: 95 } as const;
