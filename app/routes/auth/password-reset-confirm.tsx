// Placeholder, replaced by the password reset pages.
export default function Page() {
  return null;
}
