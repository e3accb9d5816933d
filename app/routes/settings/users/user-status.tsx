import type { UserView } from "../../../../worker/domain/users/staff";
import { useT } from "../../../i18n";

/** Active, inactive, or invited and not yet signed up. */
export function UserStatus({ user }: { user: Pick<UserView, "active" | "invitation_pending"> }) {
  const t = useT();
  if (!user.active) return <span className="badge badge--off">{t("users.status_inactive")}</span>;
  if (user.invitation_pending) return <span className="badge">{t("users.status_invited")}</span>;
  return <span className="badge badge--ok">{t("users.status_active")}</span>;
}
