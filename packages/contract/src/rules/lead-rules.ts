// Offline lead rules (issue 23): buying intent by keyword, and contacts (phone, WeChat, QQ) after the
// de-obfuscation peers apply (research/leads.md §6). The lists are data; the functions below only read them.

/** Intent levels, weakest first. */
export const LEAD_INTENT_LEVELS = ['none', 'low', 'medium', 'high'] as const;
export type LeadIntentLevel = (typeof LEAD_INTENT_LEVELS)[number];

/** What a message is about; '' when nothing matched. */
export const LEAD_INTENT_CATEGORIES = [
  'purchase',
  'inquiry',
  'partnership',
  'contact',
  'after_sales',
  'chitchat',
  'spam',
] as const;
export type LeadIntentCategory = (typeof LEAD_INTENT_CATEGORIES)[number];

/** Kinds of contact a lead holds. */
export const LEAD_CONTACT_KINDS = ['phone', 'wechat', 'qq'] as const;
export type LeadContactKind = (typeof LEAD_CONTACT_KINDS)[number];

/** A contact found in a message (values normalised: digits only, WeChat ids in lower case). */
export interface LeadContact {
  kind: LeadContactKind;
  value: string;
}

/** What the rules (or a model) make of one message. */
export interface LeadScore {
  level: LeadIntentLevel;
  category: LeadIntentCategory | '';
  contacts: LeadContact[];
  /** Runs of 10+ digits that are no phone (order numbers, ids): shown, never a contact. */
  flagged: string[];
  /** The keyword that decided the category ('' when none did). */
  reason: string;
}

/** One intent rule: any keyword (a plain substring) or pattern (a regex source) of the normalised text. */
export interface IntentRule {
  category: LeadIntentCategory;
  level: LeadIntentLevel;
  keywords: readonly string[];
  patterns?: readonly string[];
  /** Keywords that keep this rule from deciding (the question is about the video, not the offer). */
  unless?: readonly string[];
}

/** Keywords written as a space-separated list (none contains a space). */
function words(list: string): string[] {
  return list.split(/\s+/).filter(Boolean);
}

/**
 * The intent rules, tried in order; the first that matches decides. Spam and after-sales come before
 * purchase because their texts also name prices and orders; the negations ("多少钱都不买", "买过了")
 * come before purchase for the same reason. Sources: research/leads.md §6 (peers' keyword lists),
 * widened with the platform slang of comments (求链接, dd, 怎么拍, 小黄车, 已私).
 */
export const INTENT_RULES: readonly IntentRule[] = [
  {
    category: 'spam',
    level: 'none',
    keywords: words(`
      互粉 互赞 互关 回关 点我头像 看我主页 主页有 刷单 日结 兼职 涨粉 出粉 代运营 刷好评 领红包 网赚 日赚
      中奖 贷款 有偿 免费领取 免费送 帮忙点 引流 微商 交友 招聘 打字员 在家可做 领取福利
    `),
    patterns: ['出售.{0,4}号'],
  },
  {
    // A question about the after-sales policy is asked before buying.
    category: 'inquiry',
    level: 'medium',
    keywords: words(`
      售后保障 有售后吗 售后怎么样 无理由
    `),
  },
  {
    category: 'after_sales',
    level: 'low',
    keywords: words(`
      退款 退货 换货 售后 投诉 没收到 还没到 收到货 坏了 破损 漏液 发错 少了 快递 物流 单号 赔偿 过敏
      不回消息 打不通 骗子 待发货 还没发货 什么时候发货 请发货 快点发 已付款 付的款 已下单 拍了 赠品 质量太差
      能换吗
    `),
  },
  {
    // Mockery, refusals and past purchases name prices too: no buyer.
    category: 'chitchat',
    level: 'none',
    keywords: words(`
      不买 买不起 别买 谁买 不会买 不要买 也有人买 买过 刚买 已入 已经买 去年买 不需要 不用了 没钱 工资
    `),
  },
  {
    category: 'purchase',
    level: 'high',
    keywords: words(`
      多少钱 多少一 几块钱 什么价 啥价 问价 报价 给个价 价位 单价 怎么卖 怎么买 咋买 哪里买 在哪买 哪买
      哪里有卖 有卖 买到 能买 还能买 在卖 求购 想买 要买 链接 下单 订购 购买 采购 想要 我要 来一份 还有货
      有货吗 还有吗 现货 优惠 便宜点 便宜些 团购 橱窗 小黄车 怎么付款 货到付款 微信支付 支付宝 收费 学费 交费
      报名 预约 定做 订做 想订 要订 订个 首付 落地价 落地多少 套餐 入手 种草 买买买 贵吗 贵不贵 批发价
      怎么联系 联系方式 私我 私信我 滴滴
    `),
    patterns: [
      '价格(多少|是多少|怎么|呢|如何|表|发|美丽|私|[?？])',
      '什么价格',
      '怎么拍(?![的得出摄成])',
      // How to buy, book or pay, in any of its wordings.
      '(怎么|咋|如何|哪里|在哪)(卖|买|收费|订|约|预约|购买|下单|报名|团|付)',
      '卖(多少|几)',
      '多少?钱',
      '价(目|钱|格表)',
      '个价',
      '(花|要|得)多少',
      // An order with its quantity ("我也要一个", "订一桌"); "再拍一个" asks for another video.
      '(?<!再)(要|拍|团|订|来|买|定|约|拿)[一两几0-9二三四五六七八九十]+(个|件|份|盒|箱|桌|套|斤|台|单|只|瓶|袋|罐|位|次|张|本)',
      '定金|订金|刷卡|分期付|付全款',
      // Stock and availability.
      '有现|补货|到货了吗|还有位|有房|现车|现房',
      '想租|看房|预算',
      '(^|[^a-z])dd([^a-z]|$)',
      '直播间.{0,6}上',
    ],
  },
  {
    category: 'partnership',
    level: 'medium',
    keywords: words(`
      代理 加盟 招商 合作 合伙 代发 分销 经销 货源 厂家 授权 mcn 商务 拿货 渠道 供应
    `),
    patterns: ['进.{0,4}货'],
  },
  {
    category: 'inquiry',
    level: 'medium',
    keywords: words(`
      咨询 了解 详情 详细 介绍 效果 保质期 材质 能寄 寄到 大码 尺码 尺寸 码数 地址 营业 开门 线上还是线下
      零基础 能学 可以学 学会 区别 实体店 门店 试吃 试用 试听 发票 油耗 保修 质保 学区 能用 可以用 定制 缩水
      掉色 分期 样品 检测 报告 上课 服务范围 上门 已私 体验 正品 品牌 牌子 型号 规格 成分 配料 无糖 热量
      停车 宠物 多长时间 课时 就业 工作吗 起球 好用吗 耐用 质量怎么样 有效吗
    `),
    patterns: [
      '适合.{0,8}[吗嘛么?？]',
      '适不适合',
      '几天(能)?到',
      '有没有.{0,3}(色|码|款|号|尺寸)',
      '(店|门店|公司|工厂|你们|你家).{0,3}在哪',
      '操作(难|简单|复杂|麻烦)',
      // The business's own contact or place, asked for.
      '(电话|联系方式|微信|地址|客服).{0,3}(多少|是什么|给一下|发一下|发我)',
    ],
  },
  {
    // Any other yes/no question ("能带宠物吗", "可以刷卡吗") asks about the offer, unless it is about the video.
    category: 'inquiry',
    level: 'medium',
    keywords: [],
    patterns: ['(能不能|可不可以|会不会|是不是|有没有|可以|能)[^?？。!！]{0,10}(吗|嘛|么|[?？])'],
    unless: words(`
      视频 歌 音乐 bgm 滤镜 更新 后续 博主 主播 本人 剪辑 名字 一起 哪里人 几岁 男朋友 女朋友 结婚 拍的
      教程
    `),
  },
  {
    category: 'chitchat',
    level: 'none',
    keywords: words(`
      你好 您好 在吗 哈哈 谢谢 好的 收到 嗯嗯 早上好 晚安 加油 支持
    `),
  },
];

/** Level of a message that names no intent but leaves a contact (留资): someone wants to be called. */
export const CONTACT_ONLY_LEVEL: LeadIntentLevel = 'medium';

// Characters that hide text from the eye or from a filter: zero-width spaces and joiners, word joiner,
// BOM, soft hyphen and variation selectors (research §6 step 2).
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u00AD]|\p{Variation_Selector}/gu;

/** Look-alike and sound-alike characters written to dodge filters, and what they stand for (§6 step 4). */
export const HOMOGLYPHS: Readonly<Record<string, string>> = {
  薇: '微',
  徽: '微',
  溦: '微',
  伩: '信',
  抠: '扣',
  蔻: '扣',
  叩: '扣',
};

/** Chinese numerals (and the radio-call forms 幺 洞 拐 勾) as digits (§6 step 6). */
export const CHINESE_DIGITS: Readonly<Record<string, string>> = {
  零: '0',
  〇: '0',
  洞: '0',
  一: '1',
  幺: '1',
  壹: '1',
  二: '2',
  两: '2',
  贰: '2',
  三: '3',
  叁: '3',
  四: '4',
  肆: '4',
  五: '5',
  伍: '5',
  六: '6',
  陆: '6',
  七: '7',
  柒: '7',
  拐: '7',
  八: '8',
  捌: '8',
  九: '9',
  玖: '9',
  勾: '9',
};

// One character class per table: a replace with it is far cheaper than a loop over every character.
const HOMOGLYPH_CHARS = new RegExp(`[${Object.keys(HOMOGLYPHS).join('')}]`, 'g');
const CHINESE_DIGIT_CHARS = new RegExp(`[${Object.keys(CHINESE_DIGITS).join('')}]`, 'g');

/** Characters people put between digits of a number ("138 0013-8000", "1.3.8…"), §6 step 5. */
const SEPARATOR = '[\\s\\-_·.,、|/~*+()\\[\\]【】—－]';
// Digits joined by runs of at most 3 separators ("138****5678" is a masked number, not one).
const DIGIT_GROUP = new RegExp(`\\d(?:${SEPARATOR}{0,3}\\d)*`, 'g');
const SEPARATORS = new RegExp(`${SEPARATOR}+`);
/** A mainland mobile number; the +86 / 86 prefix is dropped before matching. */
const MOBILE = /^1[3-9]\d{9}$/;
/** A run of this many digits or more that is no contact is flagged (order numbers, ids, cards). */
export const FLAG_DIGITS = 10;

// A WeChat id after its names (威信/薇信… arrive here as 微信): the id is a letter and 5–19 of [-_a-z0-9];
// up to 8 other characters may sit between ("加v 看一下 abc_123"). Latin names stand alone.
const WECHAT =
  /(?:微\s?信|威\s?信|微x|加微|嘉威|嘉微|绿泡泡|(?<![a-z0-9])(?:v信|v\s?x|w\s?x|wechat|weixin|v)(?![a-z0-9]))[^a-z0-9]{0,8}?([a-z][-_a-z0-9]{5,19})(?![-_a-z0-9])/g;
// A QQ number after its names; 群 (a group number) is no person's contact.
const QQ = /(?:qq|扣\s?扣|企鹅|(?<![a-z0-9])q(?=[\s:号]))(?!群)[\s:=是为号码]{0,6}([1-9](?:[ -]?\d){4,10})(?![ -]?\d)/g;

/** Text as the rules read it: NFKC (full width to ASCII), zero-width characters gone, lower case, homoglyphs mapped. */
export function normalizeLeadText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(ZERO_WIDTH, '')
    .toLowerCase()
    .replace(HOMOGLYPH_CHARS, (ch) => HOMOGLYPHS[ch] ?? ch);
}

/** Chinese numerals replaced one for one by digits (indices stay those of the input). */
function mapDigits(text: string): string {
  return text.replace(CHINESE_DIGIT_CHARS, (ch) => CHINESE_DIGITS[ch] ?? ch);
}

const ANY_DIGIT = /\d/;
// Cheap checks that spare the contact patterns a text that names none of their markers.
const QQ_HINT = /q|扣|企鹅/;
const WECHAT_HINT = /[微威嘉绿vw]/;

/** Runs of digits that separators join ("138 0013-8000"), each as its chunks of digits. */
function digitGroups(text: string): string[][] {
  return Array.from(text.matchAll(DIGIT_GROUP), (m) => m[0].split(SEPARATORS));
}

/** Mobile numbers made of whole chunks of a group, left to right, each chunk used once. */
function phonesOf(chunks: readonly string[]): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < chunks.length) {
    let digits = '';
    let next = i + 1;
    for (let j = i; j < chunks.length; j += 1) {
      digits += chunks[j];
      if (digits.length > 13) {
        break;
      }
      const bare = digits.length === 13 && digits.startsWith('86') ? digits.slice(2) : digits;
      if (MOBILE.test(bare)) {
        found.push(bare);
        next = j + 1;
        break;
      }
    }
    i = next;
  }
  return found;
}

/** Phone numbers, WeChat ids and QQ numbers in a message, each once (phones, then WeChat, then QQ). */
export function extractLeadContacts(text: string): { contacts: LeadContact[]; flagged: string[] } {
  return contactsOf(normalizeLeadText(text));
}

function contactsOf(normalized: string): { contacts: LeadContact[]; flagged: string[] } {
  let digits = mapDigits(normalized);
  const byKind: Record<LeadContactKind, string[]> = { phone: [], wechat: [], qq: [] };
  const add = (kind: LeadContactKind, value: string) => {
    if (!byKind[kind].includes(value)) {
      byKind[kind].push(value);
    }
  };
  if (QQ_HINT.test(digits)) {
    for (const match of digits.matchAll(QQ)) {
      const number = (match[1] ?? '').replace(/[ -]/g, '');
      // A number shaped like a mobile is taken for one: people give their phone as their QQ login too.
      add(MOBILE.test(number) ? 'phone' : 'qq', number);
    }
    // The QQ numbers are taken out, so their digits are not read again as part of a phone number.
    digits = digits.replace(
      QQ,
      (whole: string, number: string) => whole.slice(0, whole.length - number.length) + '#'.repeat(number.length),
    );
  }
  if (WECHAT_HINT.test(normalized)) {
    for (const match of normalized.matchAll(WECHAT)) {
      if (match[1]) {
        add('wechat', match[1]);
      }
    }
  }
  const flagged: string[] = [];
  for (const chunks of ANY_DIGIT.test(digits) ? digitGroups(digits) : []) {
    const phones = phonesOf(chunks);
    phones.forEach((p) => add('phone', p));
    const all = chunks.join('');
    if (phones.length === 0 && all.length >= FLAG_DIGITS) {
      flagged.push(all);
    }
  }
  const contacts = LEAD_CONTACT_KINDS.flatMap((kind) => byKind[kind].map((value) => ({ kind, value })));
  return { contacts, flagged };
}

const escape = (keyword: string) => keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (sources: readonly string[]) => (sources.length > 0 ? new RegExp(sources.join('|')) : null);
// Each rule's keywords and patterns as one regular expression: one search per rule, not one per keyword.
const compiled = INTENT_RULES.map((rule) => ({
  rule,
  match: anyOf([...rule.keywords.map(escape), ...(rule.patterns ?? []).map((p) => `(?:${p})`)]),
  unless: anyOf((rule.unless ?? []).map(escape)),
}));

type Intent = Pick<LeadScore, 'level' | 'category' | 'reason'>;

function intentOf(normalized: string): Intent {
  for (const { rule, match, unless } of compiled) {
    const found = unless?.test(normalized) ? null : match?.exec(normalized);
    if (found) {
      return { level: rule.level, category: rule.category, reason: found[0] };
    }
  }
  return { level: 'none', category: '', reason: '' };
}

/** The first intent rule a text matches, with what matched. */
export function classifyLeadIntent(text: string): Intent {
  return intentOf(normalizeLeadText(text));
}

/** The offline score of a message: its intent and its contacts; a contact alone counts as medium intent. */
export function scoreLead(text: string): LeadScore {
  const normalized = normalizeLeadText(text);
  const intent = intentOf(normalized);
  const { contacts, flagged } = contactsOf(normalized);
  if (contacts.length > 0 && (intent.category === '' || intent.category === 'chitchat')) {
    return { level: CONTACT_ONLY_LEVEL, category: 'contact', contacts, flagged, reason: '' };
  }
  return { ...intent, contacts, flagged };
}

/** Rank of a level, for "the higher of two". */
export function leadLevelRank(level: LeadIntentLevel): number {
  return LEAD_INTENT_LEVELS.indexOf(level);
}

/** Levels that are buying intent (the lead list's 意向; the rules' precision and recall count these). */
export function isBuyingIntent(level: LeadIntentLevel): boolean {
  return leadLevelRank(level) >= leadLevelRank('medium');
}

/** A message becomes (or updates) a lead when it shows buying intent, or leaves a contact that is not spam. */
export function isLeadWorthy(score: Pick<LeadScore, 'level' | 'category' | 'contacts'>): boolean {
  return isBuyingIntent(score.level) || (score.contacts.length > 0 && score.category !== 'spam');
}

/** The shape each kind of contact has once normalised. */
export const LEAD_CONTACT_SHAPES: Readonly<Record<LeadContactKind, RegExp>> = {
  phone: MOBILE,
  wechat: /^[a-z][-_a-z0-9]{5,19}$/,
  qq: /^[1-9]\d{4,10}$/,
};

const SEPARATORS_ALL = new RegExp(SEPARATOR, 'g');

/** Text as one run of characters: normalised, numerals as digits, separators gone ("1 3 8…" → "138…"). */
function contactView(text: string): string {
  return mapDigits(normalizeLeadText(text)).replace(SEPARATORS_ALL, '');
}

/**
 * A contact someone else (a language model) says is in `text`, normalised, when it has its kind's shape
 * and really is written there (disguised or not); null otherwise, so no invented number becomes a lead.
 */
export function checkLeadContact(text: string, contact: LeadContact): LeadContact | null {
  const value = contact.kind === 'wechat' ? contact.value.trim().toLowerCase() : contact.value.replace(/\D/g, '');
  const bare = contact.kind === 'phone' && value.length === 13 && value.startsWith('86') ? value.slice(2) : value;
  if (!LEAD_CONTACT_SHAPES[contact.kind].test(bare)) {
    return null;
  }
  return contactView(text).includes(bare.replace(SEPARATORS_ALL, '')) ? { kind: contact.kind, value: bare } : null;
}
