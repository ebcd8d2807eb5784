// Words for times, counts and plurals, shared by every screen. Pure (no React, no DOM): tested in Node.
// May import nothing but the platform's Intl.
export { compactAge, formatDate, timeAgo, timeLeft } from './time';
export { formatNumber } from './number';
export { plural } from './plural';
