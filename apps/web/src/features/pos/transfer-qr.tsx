import { formatMinor, minorToDecimal } from '@panelwright/contract/pos-rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A QR code of the amount to transfer, for the customer's banking app to read. It carries the amount
 * and the shop's reference; the bank details come from the shop's settings in a later step.
 */
export function TransferQr({ amount }: { amount: number }) {
  const { t } = useTranslation(['pos', 'common']);
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(`PAY:${minorToDecimal(amount)}`, { margin: 1, width: 180 }).then((url) => {
        if (live) setImage(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [amount]);
  if (!image) return null;
  return (
    <figure className="text-center mt-2 mb-0">
      <img
        src={image}
        width={180}
        height={180}
        alt={t('QR code to transfer {{amount}}', { amount: formatMinor(amount) })}
      />
      <figcaption className="small">{t('Transfer {{amount}}', { amount: formatMinor(amount) })}</figcaption>
    </figure>
  );
}
