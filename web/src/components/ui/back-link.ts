/** The style of the "← List" link above a detail or create page (the breadcrumb's shortcut). */
export const backLinkClass = 'text-sm text-blue-700 hover:underline dark:text-blue-400';
