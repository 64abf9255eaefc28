import { useLingui } from "@lingui/react/macro";
import { NativeSelect } from "@mantine/core";
import { chooseLocale, isLocale, LOCALE_NAMES, LOCALES } from "../lib/locale";

/** The page's language, which the visitor may change; the choice is kept in this browser. */
export function LanguagePicker() {
  const { t, i18n } = useLingui();
  return (
    <NativeSelect
      aria-label={t`Language`}
      size="xs"
      w={130}
      value={i18n.locale}
      data={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
      onChange={(event) => {
        const locale = event.currentTarget.value;
        if (isLocale(locale)) void chooseLocale(locale);
      }}
    />
  );
}
