import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";
import { BRAND, NOT_FOUND_TITLE } from "~/content/site";

export function loader() {
  return data(null, { status: 404 });
}

/** A form posted to a path that does not exist is answered like a visit: 404, not 405. */
export function action() {
  return data(null, { status: 404 });
}

export const meta = () => [
  { title: NOT_FOUND_TITLE },
  // Search engines skip the page (noindex), but a shared or bookmarked link still gets a summary.
  {
    name: "description",
    content: `This page isn't on ${BRAND}. Go back, or start again from the home page to analyse your pet's photo.`,
  },
  { name: "robots", content: "noindex" },
];

export default NotFound;
