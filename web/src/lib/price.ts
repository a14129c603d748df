// Prices in words: "$26.00/mo", "$0.0356/h" (hourly from the catalog's 730-hour month).
import { hourly } from '#shared/catalog';

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdHourly = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 3,
  maximumFractionDigits: 4,
});

/** "$15.20". */
export const usd = (amount: number) => usdFormat.format(amount);
export const formatMonthly = (amount: number) => `${usdFormat.format(amount)}/mo`;
export const formatHourly = (monthly: number) => `${usdHourly.format(hourly(monthly))}/h`;
