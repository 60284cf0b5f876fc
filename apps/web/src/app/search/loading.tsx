import { ListingSkeleton } from '../../features/search/ListingView';

export default function Loading() {
  return <ListingSkeleton label="Loading the results…" />;
}
