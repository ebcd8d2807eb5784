// Media analysis refuses (a study open read-only, one that keeps no media files, a wall of nothing): why,
// in words that say what to do. The handlers answer it as a validation error, nothing having been done.
export class AnalysisRefused extends Error {}
