/** The 'Configuración' tab (being built). */
export function SettingsPage() {
  return null;
}
