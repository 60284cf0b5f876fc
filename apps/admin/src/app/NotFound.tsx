import { Link } from 'react-router';
import { PageHeading } from '../ui/PageHeading';

export function NotFound() {
  return (
    <>
      <PageHeading title="Page not found" />
      <p>
        There is nothing at this address. <Link to="/products">Go to the products</Link>.
      </p>
    </>
  );
}
