import { redirect } from "react-router";

// The back-office layout has already checked the session; home is the dashboard.
export function loader() {
  throw redirect("/dashboard");
}

export default function Home() {
  return null;
}
