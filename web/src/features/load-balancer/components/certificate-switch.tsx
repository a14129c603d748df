import { SwitchField } from '#web/components/ui/switch-field.tsx';

/** The TLS switch of the create form and the settings. */
export function CertificateSwitch({
  id,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <SwitchField
      id={id}
      name="cert_enabled"
      label="SSL certificate"
      description="Serve HTTPS on the hostname with a certificate we issue and renew; traffic to the VMs stays as it is."
      checked={checked}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
