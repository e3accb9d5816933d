import { useT } from "../i18n";

export default function Maintenance() {
  const t = useT();
  return (
    <>
      <title>{`${t("app.name")}`}</title>
      <p role="status">{t("maintenance.text")}</p>
    </>
  );
}
