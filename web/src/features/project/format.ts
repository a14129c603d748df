const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Credit is an amount in US dollars. */
export const formatCredit = (credit: number) => usd.format(credit);

/** Discount is a percentage (0–100). */
export const formatDiscount = (discount: number) => `${discount}%`;
