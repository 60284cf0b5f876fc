export * from './constants';
export * from './common';
export * from './catalogue';
export * from './regions';
export * from './system';
export * from './auth';
export * from './addresses';
export * from './cart';
