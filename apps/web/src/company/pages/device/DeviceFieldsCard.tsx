import {
  ConnectType,
  type Device,
  DeviceSystem,
  PRODUCT_TYPE_OTHER,
  ProductType,
} from '@storefleet/contracts';
import { Card, Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryName } from '@/shared/device/category-options';
import { deviceCategoryText } from '@/shared/device/device-category-text';
import { DeviceStatusBadge } from '@/shared/device/device-columns';
import { useDictionaryQuery } from '@/shared/device/usePropertyTypes';
import { useLang } from '@/shared/i18n/useLang';

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '-' : String(value);

/** The device's registry fields, every value shown as text. */
export function DeviceFieldsCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { lang, english } = useLang();
  // The reply names the property type in Chinese only; the dictionary has both names (retired ones too).
  const propertyTypes = useDictionaryQuery('PROPERTY_TYPE');
  const propertyItem = propertyTypes.data?.find((item) => item.code === device.propertyType);
  const propertyType = propertyItem ? dictionaryName(propertyItem, english) : device.propertyTypeName;
  const product = ProductType.has(device.productId)
    ? ProductType.labelOf(device.productId, lang)
    : PRODUCT_TYPE_OTHER[lang];
  const items: { key: string; value: ReactNode }[] = [
    { key: 'deviceName', value: text(device.deviceName) },
    { key: 'onlineStatus', value: <DeviceStatusBadge device={device} t={t} /> },
    { key: 'shopName', value: text(device.shopName) },
    { key: 'hostid', value: text(device.hostid) },
    { key: 'productId', value: product },
    { key: 'category', value: deviceCategoryText(device, english) },
    { key: 'brandModel', value: text([device.deviceBrand, device.model].filter(Boolean).join(' / ')) },
    { key: 'deviceSn', value: text(device.deviceSn) },
    { key: 'assetNo', value: text(device.assetNo) },
    {
      key: 'deviceSystem',
      value: DeviceSystem.has(device.deviceSystem) ? DeviceSystem.labelOf(device.deviceSystem, lang) : '-',
    },
    {
      key: 'connectType',
      value: ConnectType.has(device.connectType) ? ConnectType.labelOf(device.connectType, lang) : '-',
    },
    { key: 'intranetIp', value: text(device.intranetIp) },
    { key: 'extranetIp', value: text(device.extranetIp) },
    { key: 'macAddress', value: text(device.macAddress) },
    { key: 'port', value: text(device.port) },
    { key: 'propertyType', value: text(propertyType ?? device.propertyType) },
    { key: 'custodian', value: text(device.custodian) },
    { key: 'obtainTime', value: text(device.obtainTime) },
    { key: 'registerTime', value: text(device.registerTime) },
    { key: 'firstOnlineTime', value: text(device.firstOnlineTime) },
    { key: 'deviceOnlineTime', value: text(device.deviceOnlineTime) },
    { key: 'latestOfflineTime', value: text(device.latestOfflineTime) },
    { key: 'describe', value: text(device.describe) },
  ];
  return (
    <Card title={t('device.details.fields')} size="small" data-testid="device-details-fields">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3, xxl: 4 }}
        items={items.map((item) => ({
          key: item.key,
          label: t(`device.field.${item.key}`),
          children: item.value,
        }))}
      />
    </Card>
  );
}
