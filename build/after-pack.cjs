// Flips Electron fuses on the packaged binary: no running as plain Node, no NODE_OPTIONS, no
// --inspect, app code only from the asar (integrity-checked), cookies encrypted at rest, and no extra
// privileges for file: (the app loads nothing from file: URLs; its pages come from app://).
const path = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

module.exports = async function afterPack(context) {
  const { appOutDir, packager, electronPlatformName } = context;
  const name = packager.appInfo.productFilename;
  const exe = {
    darwin: path.join(appOutDir, `${name}.app`),
    win32: path.join(appOutDir, `${name}.exe`),
    linux: path.join(appOutDir, packager.executableName ?? name.toLowerCase()),
  }[electronPlatformName];
  await flipFuses(exe, {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: electronPlatformName === 'darwin',
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  });
};
