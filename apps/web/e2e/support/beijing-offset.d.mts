/** 0 between 08:00 and 22:00 Beijing time; else the ms that move the clock to 09:00 Beijing. */
export function beijingDaytimeOffset(realNow?: number): number;
