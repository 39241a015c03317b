export const SPECMUT_VERSION = '0.1.0';
