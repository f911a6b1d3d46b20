// How far a spec's own server's clock runs ahead (see beijing-daytime.mjs): a spec that dates what it feeds
// the sandbox by the server's clock (harvest history begins at the server's time) adds the same.
const HOUR_MS = 3_600_000;

/** 0 between 08:00 and 22:00 Beijing time; else the ms that move the clock to 09:00 Beijing. */
export function beijingDaytimeOffset(realNow = Date.now()) {
  const beijingHour = ((realNow + 8 * HOUR_MS) % (24 * HOUR_MS)) / HOUR_MS;
  return beijingHour >= 8 && beijingHour < 22 ? 0 : ((9 - beijingHour + 24) % 24) * HOUR_MS;
}
