import { connection } from 'next/server';
import { HomePage } from '../features/home/HomePage';
import { loadHomeData } from '../features/home/load';
import { withApiFallback } from '../features/shell/withApiFallback';

/** `/`: rendered per request from the API (never at build time). */
export default async function Page() {
  await connection();
  return withApiFallback('/', loadHomeData, (data) => <HomePage {...data} />);
}
