import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";
import { BRAND } from "~/content/site";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: `Page not found | ${BRAND}` }, { name: "robots", content: "noindex" }];

export default NotFound;
