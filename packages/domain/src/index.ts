export * from './catalogue';
export * from './dates';
export * from './errors';
export * from './money';
export * from './numbers';
export * from './countries';
export * from './users';
export * from './addresses';
