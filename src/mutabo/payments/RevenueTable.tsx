// Revenue per currency: payments, money received, refunded, and what remains; never summed across currencies.
import { formatMoney } from '../../../common/coursePrices.ts';
import type { Revenue } from '../../../common/mutabo/payments.ts';
import { Muted } from '../shell/areaParts.ts';
import { DataTable, Td, Th, Tr } from '../shell/DataTable.tsx';
import { CURRENCY_NAMES } from './paymentText.ts';

export function RevenueTable({ revenue, caption }: { revenue: Revenue[]; caption: string }) {
  if (revenue.length === 0) return <Muted>Оплаченных платежей пока нет.</Muted>;
  return (
    <DataTable>
      <caption>{caption}</caption>
      <thead>
        <Tr>
          <Th>Валюта</Th>
          <Th>Платежей</Th>
          <Th>Получено</Th>
          <Th>Возвращено</Th>
          <Th>Итого</Th>
        </Tr>
      </thead>
      <tbody>
        {revenue.map((row) => (
          <Tr key={row.currency}>
            <Td label="Валюта">{CURRENCY_NAMES[row.currency]}</Td>
            <Td label="Платежей">{row.payments}</Td>
            <Td label="Получено">{formatMoney(row.paid, row.currency)}</Td>
            <Td label="Возвращено">{formatMoney(row.refunded, row.currency)}</Td>
            <Td label="Итого">
              <strong>{formatMoney(row.net, row.currency)}</strong>
            </Td>
          </Tr>
        ))}
      </tbody>
    </DataTable>
  );
}
