// Settings: the access key (status only), demo or live mode, the service address, downloads, cache,
// confirmations, low-balance warning, theme and collecting in the background. Main saves and validates everything; the service address
// and the download folder are changed only in main's own dialogs.
import { useAppState } from '../state/app';
import { KeySection } from './settings/KeySection';
import { AppearanceSection, ModeSection } from './settings/ModeSection';
import { BackgroundSection } from './settings/BackgroundSection';
import { ServiceSection } from './settings/ServiceSection';
import { SettingsForm } from './settings/SettingsForm';
import '../styles/settings.css';

export function SettingsScreen() {
  const settings = useAppState((s) => s.settings);
  return (
    <div className="page settings-page">
      <div className="page-header">
        <h1>Settings</h1>
      </div>
      {settings ? (
        <>
          <KeySection />
          <ModeSection />
          <ServiceSection />
          <AppearanceSection theme={settings.theme} />
          <BackgroundSection settings={settings} />
          <SettingsForm saved={settings} />
        </>
      ) : (
        <div className="state">
          <div className="spinner" aria-label="Loading settings" />
        </div>
      )}
    </div>
  );
}
