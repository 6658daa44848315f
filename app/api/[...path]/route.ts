import { notFound } from '@/lib/http/not-found';

export const dynamic = 'force-dynamic';

// Unknown API paths answer in the API's error shape rather than the console's HTML 404 page,
// whatever the method (there is no resource to allow any).
export {
  notFound as DELETE,
  notFound as GET,
  notFound as OPTIONS,
  notFound as PATCH,
  notFound as POST,
  notFound as PUT,
};
