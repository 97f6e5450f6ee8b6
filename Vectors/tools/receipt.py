"""Receipt payload builder: SET OF ReceiptAttribute and the in-app purchase SETs.

    ReceiptAttribute ::= SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }
    Payload ::= SET OF ReceiptAttribute
    InAppReceipt ::= SET OF ReceiptAttribute      -- the value of each type-17 attribute

The OCTET STRING holds a DER UTF8String / IA5String / INTEGER per attribute type (see
/work/shared/RECEIPT-FIELDS.md), except types 4, 5, 6 and 7, which are raw bytes.

An attribute list is a Python list of [type, version, inner_bytes] so that cases can replace,
duplicate or reorder entries before encoding. An inner value of `None` on type 5 means
"compute SHA-1(deviceId || attr-4 value || attr-2 value TLV)" when the payload is encoded.

Part of the PureReceipt synthetic vector generator. Licence: Apache-2.0.
"""

import datetime
import hashlib

import der

# Inner ASN.1 type of each attribute (RECEIPT-FIELDS.md tables 3a and 3b).
UTF8, IA5, INT, RAW, INTSTR = "utf8", "ia5", "int", "raw", "int-ascii"
TOP_TYPES = {0: UTF8, 1: INT, 2: UTF8, 3: UTF8, 4: RAW, 5: RAW, 6: RAW, 7: RAW, 8: IA5, 9: INTSTR,
             10: IA5, 11: INT, 12: IA5, 13: INT, 14: INT, 15: INT, 16: INT, 18: IA5, 19: UTF8,
             20: UTF8, 21: IA5, 23: UTF8, 25: INT}
IAP_TYPES = {1701: INT, 1702: UTF8, 1703: UTF8, 1704: IA5, 1705: UTF8, 1706: IA5, 1707: INT,
             1708: IA5, 1709: UTF8, 1710: INT, 1711: INT, 1712: IA5, 1713: INT, 1714: UTF8,
             1715: UTF8, 1716: UTF8, 1717: UTF8, 1718: UTF8, 1719: INT, 1721: UTF8, 1722: INT}
ALL_TYPES = {**TOP_TYPES, **IAP_TYPES}


def inner(kind, value):
    if kind == UTF8:
        return der.utf8(value)
    if kind == IA5:
        return der.ia5(value)
    if kind == INT:
        return der.integer(value)
    if kind == INTSTR:
        return der.integer_from_ascii(value)
    if kind == RAW:
        return bytes(value)
    raise ValueError(kind)


def attr(type_, value, version=1):
    """[type, version, inner bytes] for a Python value, encoded per the type table."""
    return [type_, version, inner(ALL_TYPES[type_], value)]


def encode_attribute(type_, version, inner_bytes):
    return der.seq(der.integer(type_), der.integer(version), der.octet_string(inner_bytes))


def encode_set(attrs, sort=True):
    return der.der_set(*[encode_attribute(*a) for a in attrs], sort=sort)


def device_hash(device_id, attrs):
    """SHA-1(device identifier || attr-4 value bytes || attr-2 value as its whole DER TLV)."""
    opaque = next(a[2] for a in attrs if a[0] == 4)
    bundle_tlv = next(a[2] for a in attrs if a[0] == 2)
    return hashlib.sha1(device_id + opaque + bundle_tlv).digest()


def encode_payload(attrs, device_id, sort=True):
    attrs = [list(a) for a in attrs]
    for a in attrs:
        if a[0] == 5 and a[2] is None:
            a[2] = device_hash(device_id, attrs)
    return encode_set(attrs, sort=sort)


def blob(label, size):
    """Deterministic filler bytes for the opaque attributes 6 and 7."""
    out = b""
    counter = 0
    while len(out) < size:
        out += hashlib.sha256(("%s/%d" % (label, counter)).encode()).digest()
        counter += 1
    return out[:size]


class InApp:
    """One in-app purchase; fields map to 1701…1722. Empty strings mean "absent" (Apple's form)."""

    def __init__(self, product, txn, purchase, orig_txn=None, orig_purchase=None, product_type=1,
                 expires="", cancelled="", quantity=1, web_order=0, trial=0, intro=0, promo=None,
                 full=True):
        self.product = product
        self.txn = txn
        self.purchase = purchase
        self.orig_txn = orig_txn if orig_txn is not None else txn
        self.orig_purchase = orig_purchase if orig_purchase is not None else purchase
        self.product_type = product_type
        self.expires = expires
        self.cancelled = cancelled
        self.quantity = quantity
        self.web_order = web_order
        self.trial = trial
        self.intro = intro
        self.promo = promo
        self.full = full  # also write the undocumented/unused attributes modern receipts carry

    def attrs(self):
        a = [attr(1701, self.quantity), attr(1702, self.product), attr(1703, self.txn),
             attr(1704, self.purchase), attr(1705, self.orig_txn), attr(1706, self.orig_purchase),
             attr(1707, self.product_type)]
        if self.full:
            a += [attr(1708, self.expires), attr(1709, ""), attr(1710, 0), attr(1711, self.web_order),
                  attr(1712, self.cancelled), attr(1713, self.trial)]
            a += [attr(t, "") for t in range(1714, 1719)]
            a += [attr(1719, self.intro)]
            if self.promo is not None:
                a.append(attr(1721, self.promo))
            a.append(attr(1722, 0))
        else:
            if self.expires:
                a.append(attr(1708, self.expires))
            if self.cancelled:
                a.append(attr(1712, self.cancelled))
        return a

    def expect(self):
        out = {"productId": self.product, "transactionId": self.txn,
               "originalTransactionId": self.orig_txn, "purchaseDate": self.purchase,
               "originalPurchaseDate": self.orig_purchase, "productType": self.product_type,
               "quantity": self.quantity}
        out["expiresDate"] = self.expires or None
        out["cancellationDate"] = self.cancelled or None
        if self.full:
            out["webOrderLineItemId"] = str(self.web_order)
            out["isTrialPeriod"] = bool(self.trial)
            out["isInIntroOfferPeriod"] = bool(self.intro)
        if self.promo is not None:
            out["promotionalOfferId"] = self.promo
        return out


class ReceiptSpec:
    """The top-level attributes of an Apple-shaped receipt."""

    def __init__(self, **kw):
        self.environment = kw.get("environment", "Production")
        self.app_id = kw.get("app_id", 1234567890)
        self.bundle_id = kw.get("bundle_id", "com.example.pureapp")
        self.version = kw.get("version", "42")
        self.opaque = kw.get("opaque", bytes.fromhex("a1b2c3d4e5f60718293a4b5c6d7e8f90"))
        self.opaque_version = kw.get("opaque_version", 2)
        self.device_id = kw.get("device_id", bytes.fromhex("0123456789abcdeffedcba9876543210"))
        self.transaction_date = kw.get("transaction_date", "2025-03-14T09:26:50Z")
        self.creation = kw.get("creation", "2025-03-14T09:26:53Z")
        self.original_purchase = kw.get("original_purchase", "2024-11-02T18:04:11Z")
        self.original_version = kw.get("original_version", "40")
        self.expiration = kw.get("expiration")  # attr 21, VPP only
        self.vpp_org = kw.get("vpp_org")  # attr 23, VPP only
        self.in_apps = kw.get("in_apps", [])
        self.apple_extras = kw.get("apple_extras", True)  # 6, 7, 9, 10, 11, 13-16, 20, 25
        self.xcode = kw.get("xcode", False)

    def attrs(self):
        a = [attr(0, self.environment), attr(1, self.app_id), attr(2, self.bundle_id), attr(3, self.version),
             attr(4, self.opaque, self.opaque_version), [5, 1, None]]
        if self.apple_extras:
            a += [attr(6, blob("attr6", 58)), attr(7, blob("attr7", 46))]
        a.append(attr(8, self.transaction_date))
        if self.apple_extras:
            a += [attr(9, "P301"), attr(10, "4+"), attr(11, 424242)]
        a.append(attr(12, self.creation))
        if self.apple_extras:
            a += [attr(13, 180602), attr(14, 1), attr(15, 500935934584949237), attr(16, 866123456)]
        for iap in self.in_apps:
            a.append([17, 1, encode_set(iap.attrs(), sort=not self.xcode)])
        if not self.xcode:
            a += [attr(18, self.original_purchase), attr(19, self.original_version)]
            if self.apple_extras:
                a.append(attr(20, ""))
        if self.expiration is not None:
            a.append(attr(21, self.expiration))
        if self.vpp_org is not None:
            a.append(attr(23, self.vpp_org))
        if self.apple_extras:
            a.append(attr(25, 3))
        return a

    def payload(self, attrs=None, sort=None):
        if sort is None:
            sort = not self.xcode
        return encode_payload(attrs if attrs is not None else self.attrs(), self.device_id, sort=sort)

    def sha1_hash(self):
        return device_hash(self.device_id, self.attrs())


def parse_date_ms(text):
    """Epoch milliseconds for the date forms the suite uses (for expectations only)."""
    if text == "":
        return None
    t = text
    if t.endswith("Z"):
        t = t[:-1] + "+00:00"
    elif len(t) >= 5 and t[-5] in "+-" and ":" not in t[-5:]:
        t = t[:-2] + ":" + t[-2:]
    when = datetime.datetime.fromisoformat(t)
    return int(round(when.timestamp() * 1000))
