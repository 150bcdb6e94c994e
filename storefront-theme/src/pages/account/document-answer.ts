/** A line of an order or invoice as the customer reads it (docs/api.md, "Storefront data"). */
interface DocumentLine {
  item?: unknown
  itemid?: string
  displayname?: string
  quantity?: number
  rate?: number
  amount?: number
  grossamt?: number
  tax?: number
  taxcode?: unknown
  units?: unknown
}

/** An order or invoice as `/query/ns/data/get/{salesorder|invoice}/{id}` answers it (amounts in major units). */
export interface DocumentAnswer {
  id: string
  tranid: string
  trandate: string
  status: string
  /** The status's id (`pendingFulfillment`), as `status` is its name. */
  statusid?: string
  currency: { id: string; text: string }
  subtotal?: number
  taxtotal?: number
  shipping_rate?: number
  total?: number
  shipmethod?: { id: string; text: string }
  shipaddress?: string
  billaddress?: string
  ccnumber?: string
  paymentmethod?: string
  duedate?: string
  amountremaining?: number
  createdfrom?: unknown
  item?: { lines?: DocumentLine[] }
}
