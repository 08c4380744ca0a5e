import { describe, expect, it } from 'vitest';
import {
  CAMERA_MODELS,
  C2E_STATUS_TEXT,
  c2eHintSteps,
  c2eIsSettled,
  c2eShownHost,
  c2eShowsControls,
  c2eStatusOf,
  cameraModelBySlug,
} from './camera.ts';

describe('camera to edit rules (spec 001 §4, §9)', () => {
  it('shows the configured FTP host, else the host the browser reached the app by', () => {
    expect(c2eShownHost({ hostname: 'localhost', hostname_configured: false }, '192.168.1.20')).toBe(
      '192.168.1.20',
    );
    expect(c2eShownHost({ hostname: 'ftp.example.com', hostname_configured: true }, '192.168.1.20')).toBe(
      'ftp.example.com',
    );
    expect(c2eShownHost({ hostname: 'localhost', hostname_configured: false }, '')).toBe('localhost');
  });

  it('compares statuses in lower case: a server ACTIVE counts as active', () => {
    expect(c2eStatusOf('ACTIVE')).toBe('active');
    expect(c2eStatusOf('Paused')).toBe('paused');
    expect(c2eStatusOf('unknown')).toBeNull();
    expect(c2eIsSettled('ACTIVE')).toBe(true);
    expect(c2eIsSettled('pausing')).toBe(false);
    expect(c2eShowsControls('PENDING')).toBe(false);
    expect(C2E_STATUS_TEXT).toEqual({
      pending: 'Creating C2E session...',
      resuming: 'Turning on C2E session...',
      pausing: 'Turning off C2E session...',
      paused: 'C2E session is turned off',
    });
  });

  it('the catalogue: unique slugs, passive for all; four hint steps naming SDXC and the model menu', () => {
    expect(new Set(CAMERA_MODELS.map((m) => m.slug)).size).toBe(CAMERA_MODELS.length);
    expect(CAMERA_MODELS.every((m) => m.protocol.passive)).toBe(true);
    const steps = c2eHintSteps(cameraModelBySlug('sony-fx6'));
    expect(steps).toHaveLength(4);
    expect(steps[0].text).toContain('SDXC');
    expect(steps[2].text).toContain('Menu → Network → File Transfer');
  });
});
