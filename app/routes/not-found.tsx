import { data } from "react-router";

// The catch-all: every unknown path answers 404, shown by the back-office layout's error page (inside the shell for staff).
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
