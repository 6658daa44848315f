/** A rate per second for people: up to three decimals, without float4 noise (1/60 is stored as 0.016666668). */
export const formatRate = (perSecond: number) => perSecond.toLocaleString('en', { maximumFractionDigits: 3 });
