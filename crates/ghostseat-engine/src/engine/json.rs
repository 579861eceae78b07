//! JSON text written once and put into answers as is.
//!
//! A game's view or its legal moves run to 20 KB of JSON. Each is written
//! once per session version and then copied into every answer of that
//! version (the command's answer, `GET`s, stream entries). Writing them was
//! a third of a command's CPU, most of it serde_json escaping short keys
//! and strings byte by byte (about 120 instructions per string).
//!
//! [`Json::of`] writes a value as compact JSON with `Writer`, our own
//! `serde::Serializer`. Field and variant names (Rust identifiers or our
//! own `rename`s) are copied without an escape scan; any other string is
//! checked with one table lookup per byte and then copied at once. It
//! writes exactly the bytes `serde_json::to_string` writes: debug builds
//! (every test) write each text both ways and compare. Instructions for a
//! view shaped like Terra Mystica's (113 map cells): serde_json 255,000,
//! sonic-rs 227,000, simd-json 239,000, this 167,000 (figures in
//! docs/performance.md).
//!
//! Serializing a [`Json`] with serde_json (the documents it still writes)
//! writes the text unescaped, as serde_json's own `RawValue` does, without
//! parsing it again; so does `Writer`.

use serde::ser::{self, Impossible, Serialize, SerializeStruct, Serializer};
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The struct name serde_json's serializers write as their one field's
/// text, unescaped (the protocol of `serde_json::value::RawValue`, whose
/// constant is private). `json::tests` checks that serde_json still honours
/// it, so a serde_json that changed it fails the tests, not a game.
const RAW_VALUE_TOKEN: &str = "$serde_json::private::RawValue";

/// Compact JSON text, valid because we wrote it (or parsed it:
/// [`Json::parse`]).
#[derive(Clone, PartialEq, Eq)]
pub struct Json(Box<str>);

impl Json {
    /// `value` as compact JSON, exactly as `serde_json::to_string` writes it.
    pub fn of<T: Serialize + ?Sized>(value: &T) -> Result<Json, Error> {
        Self::write(value, 128)
    }

    /// As [`Json::of`], with the buffer sized from the texts `hint` saw.
    pub fn of_sized<T: Serialize + ?Sized>(value: &T, hint: &SizeHint) -> Result<Json, Error> {
        let json = Self::write(value, hint.capacity())?;
        hint.saw(json.0.len());
        Ok(json)
    }

    /// As [`Json::of`], into a buffer of `capacity` bytes to begin with.
    pub fn with_capacity<T: Serialize + ?Sized>(value: &T, capacity: usize) -> Result<Json, Error> {
        Self::write(value, capacity)
    }

    fn write<T: Serialize + ?Sized>(value: &T, capacity: usize) -> Result<Json, Error> {
        let mut w = Writer {
            out: String::with_capacity(capacity),
        };
        value.serialize(&mut w)?;
        let text = w.out;
        #[cfg(debug_assertions)]
        if let Ok(theirs) = serde_json::to_string(value) {
            assert_eq!(text, theirs, "json::Writer and serde_json disagree");
        }
        Ok(Json(text.into_boxed_str()))
    }

    /// Text from elsewhere, checked to be one JSON value.
    pub fn parse(text: String) -> serde_json::Result<Json> {
        serde_json::from_str::<serde::de::IgnoredAny>(&text)?;
        Ok(Json(text.into_boxed_str()))
    }

    /// The JSON text.
    pub fn get(&self) -> &str {
        &self.0
    }

    /// The JSON text, owned.
    pub fn into_string(self) -> String {
        self.0.into_string()
    }
}

impl fmt::Debug for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RawJson(&self.0).serialize(s)
    }
}

/// A JSON text written earlier, embedded as it is through serde_json's
/// raw-value protocol (a [`Json`] serializes as one), for texts kept in a
/// static table. The caller vouches that it is valid JSON: in practice a
/// text this writer wrote.
#[derive(Debug, Clone, Copy)]
pub struct RawJson<'a>(pub &'a str);

impl Serialize for RawJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut raw = s.serialize_struct(RAW_VALUE_TOKEN, 1)?;
        raw.serialize_field(RAW_VALUE_TOKEN, self.0)?;
        raw.end()
    }
}

/// A part of a view that is either a text written once ahead, for a state
/// that recurs (an empty map cell, a base-game action space), or a value
/// written now. Both write the same bytes for the same state; the games'
/// tests compare every pre-written text with its value's.
#[derive(Debug)]
pub enum Prewritten<T> {
    Plain(&'static str),
    Live(T),
}

impl<T: Serialize> Serialize for Prewritten<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Prewritten::Plain(text) => RawJson(text).serialize(s),
            Prewritten::Live(value) => value.serialize(s),
        }
    }
}

/// The length of the last text of one kind (a game's views, say), so the
/// next is written into a buffer that seldom grows. Only a capacity: the
/// text does not depend on it.
#[derive(Debug, Default)]
pub struct SizeHint(AtomicUsize);

impl SizeHint {
    pub const fn new() -> SizeHint {
        SizeHint(AtomicUsize::new(0))
    }

    fn capacity(&self) -> usize {
        let last = self.0.load(Ordering::Relaxed);
        (last + last / 8).max(128)
    }

    fn saw(&self, len: usize) {
        self.0.store(len, Ordering::Relaxed);
    }
}

/// Why a value could not be written (a map key that is no string, say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

fn key_must_be_a_string() -> Error {
    Error("key must be a string".into())
}

/// Bytes a JSON string cannot hold as they are: `"`, `\` and the
/// control characters (what serde_json escapes; it leaves DEL and all of
/// UTF-8 as is).
static NEEDS_ESCAPE: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

/// Whether any byte of `bytes` needs an escape ([`NEEDS_ESCAPE`]). Eight
/// bytes are tested at once (the classic "has a byte less than n" and "has
/// a zero byte" word tricks): a label or sentence is 30–120 bytes, and a
/// table lookup per byte took about 15 % of writing a string (writing
/// strings is 6 % of a command's instructions). Each trick can only be set
/// by a byte that matches (a borrow starts at such a byte), so the answer
/// is exact.
#[inline]
fn needs_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const CONTROL_LIMIT: u64 = ONES * 0x20;
    const QUOTES: u64 = ONES * b'"' as u64;
    const BACKSLASHES: u64 = ONES * b'\\' as u64;
    #[inline(always)]
    fn special(w: u64) -> bool {
        let control = w.wrapping_sub(CONTROL_LIMIT) & !w;
        let (q, b) = (w ^ QUOTES, w ^ BACKSLASHES);
        let quote = q.wrapping_sub(ONES) & !q;
        let backslash = b.wrapping_sub(ONES) & !b;
        (control | quote | backslash) & HIGHS != 0
    }
    let word = |c: &[u8]| u64::from_ne_bytes(c.try_into().expect("eight bytes"));
    if bytes.len() < 8 {
        return bytes.iter().any(|&b| NEEDS_ESCAPE[b as usize]);
    }
    let mut words = bytes.chunks_exact(8);
    if words.by_ref().any(|c| special(word(c))) {
        return true;
    }
    // The last (up to seven) bytes: the word that ends the text, which
    // overlaps bytes already tested.
    !words.remainder().is_empty() && special(word(&bytes[bytes.len() - 8..]))
}

/// `n` bytes from `src` to `dst`, as `copy_nonoverlapping`. Names, most
/// strings and every number are at most 16 bytes: two overlapping word
/// moves (or three byte moves) copy them without a call into `memcpy`,
/// whose calls were a fifth of a view's instructions. (A 17–32 byte case
/// measured slower: the writer's calls stop being inlined.)
///
/// # Safety
/// As `std::ptr::copy_nonoverlapping(src, dst, n)`.
#[inline(always)]
unsafe fn copy_short(src: *const u8, dst: *mut u8, n: usize) {
    use std::ptr::{read_unaligned as rd, write_unaligned as wr};
    unsafe {
        match n {
            8..=16 => {
                let (a, b) = (rd(src.cast::<u64>()), rd(src.add(n - 8).cast::<u64>()));
                wr(dst.cast::<u64>(), a);
                wr(dst.add(n - 8).cast::<u64>(), b);
            }
            4..=7 => {
                let (a, b) = (rd(src.cast::<u32>()), rd(src.add(n - 4).cast::<u32>()));
                wr(dst.cast::<u32>(), a);
                wr(dst.add(n - 4).cast::<u32>(), b);
            }
            1..=3 => {
                *dst = *src;
                *dst.add(n / 2) = *src.add(n / 2);
                *dst.add(n - 1) = *src.add(n - 1);
            }
            _ => std::ptr::copy_nonoverlapping(src, dst, n),
        }
    }
}

/// Writes compact JSON into a buffer: serde_json's format, byte for byte.
struct Writer {
    /// A `String`: everything written is a `&str` or ASCII, so the text
    /// needs no UTF-8 check at the end (that check was 3 % of a command).
    out: String,
}

impl Writer {
    #[inline]
    fn byte(&mut self, b: u8) {
        debug_assert!(b.is_ascii());
        self.out.push(char::from(b));
    }

    #[inline]
    fn text(&mut self, t: &str) {
        self.framed(b"", t, b"");
    }

    /// A string with its quotes. Most have nothing to escape: one scan,
    /// one copy.
    #[inline]
    fn string(&mut self, s: &str) {
        let bytes = s.as_bytes();
        if !needs_escape(bytes) {
            self.framed(b"\"", s, b"\"");
        } else {
            self.escaped(s);
        }
    }

    /// A struct's field name and its colon, after a comma unless it is
    /// the first. Field and variant names are Rust identifiers or our own
    /// `rename`s, so none needs an escape: they are copied unchecked (the
    /// serde_json comparison of debug builds would catch a name that did).
    #[inline]
    fn field_name(&mut self, comma: bool, name: &'static str) {
        let lead: &[u8] = if comma { b",\"" } else { b"\"" };
        self.framed(lead, name, b"\":");
    }

    /// `{"variant":`, the opening of a newtype, tuple or struct variant.
    #[inline]
    fn variant_key(&mut self, variant: &'static str) {
        self.framed(b"{\"", variant, b"\":");
    }

    /// A variant's name as a string: unchecked, as [`Writer::field_name`].
    #[inline]
    fn variant_name(&mut self, name: &'static str) {
        self.framed(b"\"", name, b"\"");
    }

    /// `text` between two short ASCII pieces, with one capacity check.
    #[inline(always)]
    fn framed(&mut self, lead: &[u8], text: &str, tail: &[u8]) {
        // Constants where it is inlined: both checks fold away.
        assert!(lead.len() + tail.len() <= 4);
        debug_assert!(lead.is_ascii() && tail.is_ascii());
        let n = text.len();
        // SAFETY: only whole `&str`s and ASCII bytes are appended, so the
        // `String` stays UTF-8; the bytes go into capacity just reserved.
        unsafe {
            let v = self.out.as_mut_vec();
            v.reserve(n + 4);
            let len = v.len();
            let p = v.as_mut_ptr().add(len);
            std::ptr::copy_nonoverlapping(lead.as_ptr(), p, lead.len());
            let p = p.add(lead.len());
            copy_short(text.as_ptr(), p, n);
            std::ptr::copy_nonoverlapping(tail.as_ptr(), p.add(n), tail.len());
            v.set_len(len + lead.len() + n + tail.len());
        }
    }

    #[cold]
    fn escaped(&mut self, s: &str) {
        let bytes = s.as_bytes();
        const HEX: &[u8; 16] = b"0123456789abcdef";
        self.out.push('"');
        let mut run = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if !NEEDS_ESCAPE[b as usize] {
                continue;
            }
            // `i` and `run` sit next to ASCII bytes: char boundaries.
            self.out.push_str(&s[run..i]);
            run = i + 1;
            match b {
                b'"' => self.text("\\\""),
                b'\\' => self.text("\\\\"),
                0x08 => self.text("\\b"),
                0x09 => self.text("\\t"),
                0x0A => self.text("\\n"),
                0x0C => self.text("\\f"),
                0x0D => self.text("\\r"),
                _ => {
                    self.text("\\u00");
                    self.byte(HEX[(b >> 4) as usize]);
                    self.byte(HEX[(b & 0xF) as usize]);
                }
            }
        }
        self.out.push_str(&s[run..]);
        self.out.push('"');
    }

    #[inline]
    fn integer<I: itoa::Integer>(&mut self, i: I) {
        self.text(itoa::Buffer::new().format(i));
    }
}

impl<'a> Serializer for &'a mut Writer {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.text(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    /// As serde_json: the shortest text that reads back the same, `null`
    /// for infinities and NaN.
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        if v.is_finite() {
            self.text(zmij::Buffer::new().format_finite(v));
        } else {
            self.text("null");
        }
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        if v.is_finite() {
            self.text(zmij::Buffer::new().format_finite(v));
        } else {
            self.text("null");
        }
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.string(v.encode_utf8(&mut [0u8; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.string(v);
        Ok(())
    }
    /// As serde_json: an array of numbers.
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        let mut seq = self.serialize_seq(Some(v.len()))?;
        for b in v {
            seq.element(b)?;
        }
        seq.close()
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.text("null");
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.text("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.text("null");
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.variant_name(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.variant_key(variant);
        value.serialize(&mut *self)?;
        self.byte(b'}');
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        self.byte(b'[');
        Ok(Compound::open(self, b']'))
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.variant_key(variant);
        self.byte(b'[');
        Ok(Compound::open(self, b']').in_variant())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        self.byte(b'{');
        Ok(Compound::open(self, b'}'))
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Compound<'a>, Error> {
        if name == RAW_VALUE_TOKEN {
            return Ok(Compound::raw(self));
        }
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.variant_key(variant);
        self.byte(b'{');
        Ok(Compound::open(self, b'}').in_variant())
    }
}

/// An array or object being written.
pub(crate) struct Compound<'a> {
    w: &'a mut Writer,
    /// Whether nothing was written into it yet (no comma before the first).
    first: bool,
    close: u8,
    /// Inside `{"variant":…}`: one more `}` at the end.
    variant: bool,
    /// A `Json` nested in the value: its one field is written as is.
    raw: bool,
}

impl<'a> Compound<'a> {
    fn open(w: &'a mut Writer, close: u8) -> Self {
        Compound {
            w,
            first: true,
            close,
            variant: false,
            raw: false,
        }
    }

    fn raw(w: &'a mut Writer) -> Self {
        Compound {
            raw: true,
            ..Compound::open(w, 0)
        }
    }

    fn in_variant(self) -> Self {
        Compound {
            variant: true,
            ..self
        }
    }

    /// Whether a comma goes before the next member (not before the first).
    #[inline]
    fn needs_comma(&mut self) -> bool {
        !std::mem::replace(&mut self.first, false)
    }

    #[inline]
    fn comma(&mut self) {
        if self.needs_comma() {
            self.w.byte(b',');
        }
    }

    fn close(self) -> Result<(), Error> {
        if !self.raw {
            self.w.byte(self.close);
        }
        if self.variant {
            self.w.byte(b'}');
        }
        Ok(())
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.comma();
        value.serialize(&mut *self.w)
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        if self.raw {
            return value.serialize(RawText(&mut *self.w));
        }
        let comma = self.needs_comma();
        self.w.field_name(comma, key);
        value.serialize(&mut *self.w)
    }
}

/// Arrays: each element after a comma.
macro_rules! elements {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }
            fn end(self) -> Result<(), Error> {
                self.close()
            }
        }
    )*};
}

elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.comma();
        key.serialize(MapKey(&mut *self.w))?;
        self.w.byte(b':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.w)
    }
    fn end(self) -> Result<(), Error> {
        self.close()
    }
}

/// Objects with named fields: structs and struct variants.
macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.field(key, value)
            }
            fn end(self) -> Result<(), Error> {
                self.close()
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);

/// A map key: a string, or (as serde_json) a number, bool or unit variant
/// written as one.
struct MapKey<'a>(&'a mut Writer);

impl MapKey<'_> {
    fn quoted(self, text: &str) -> Result<(), Error> {
        self.0.byte(b'"');
        self.0.text(text);
        self.0.byte(b'"');
        Ok(())
    }
}

macro_rules! key_integers {
    ($($method:ident: $t:ty),*) => {$(
        fn $method(self, v: $t) -> Result<(), Error> {
            self.quoted(itoa::Buffer::new().format(v))
        }
    )*};
}

/// Serializer methods that refuse their value with `$err`.
macro_rules! refuse {
    ($err:expr; $($method:ident ($($arg:ty),*) -> $ret:ty),*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<$ret, Error> {
            Err($err)
        }
    )*};
}

impl Serializer for MapKey<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.0.string(v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.0.string(v.encode_utf8(&mut [0u8; 4]));
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.0.variant_name(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.quoted(if v { "true" } else { "false" })
    }
    key_integers!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_i128: i128, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_u128: u128);
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        if !v.is_finite() {
            return Err(Error("float key must be finite (got NaN or +/-inf)".into()));
        }
        self.quoted(zmij::Buffer::new().format_finite(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        if !v.is_finite() {
            return Err(Error("float key must be finite (got NaN or +/-inf)".into()));
        }
        self.quoted(zmij::Buffer::new().format_finite(v))
    }
    refuse!(key_must_be_a_string();serialize_bytes(&[u8]) -> (), serialize_none() -> (), serialize_unit() -> (),
        serialize_unit_struct(&'static str) -> (),
        serialize_seq(Option<usize>) -> Impossible<(), Error>,
        serialize_tuple(usize) -> Impossible<(), Error>,
        serialize_tuple_struct(&'static str, usize) -> Impossible<(), Error>,
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>,
        serialize_map(Option<usize>) -> Impossible<(), Error>,
        serialize_struct(&'static str, usize) -> Impossible<(), Error>,
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>);
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
}

/// The one field of a nested [`Json`]: its text, written as is.
struct RawText<'a>(&'a mut Writer);

fn not_raw_text() -> Error {
    Error("expected raw JSON text".into())
}

impl Serializer for RawText<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.0.text(v);
        Ok(())
    }
    refuse!(not_raw_text();serialize_bool(bool) -> (), serialize_i8(i8) -> (), serialize_i16(i16) -> (),
        serialize_i32(i32) -> (), serialize_i64(i64) -> (), serialize_u8(u8) -> (),
        serialize_u16(u16) -> (), serialize_u32(u32) -> (), serialize_u64(u64) -> (),
        serialize_f32(f32) -> (), serialize_f64(f64) -> (), serialize_char(char) -> (),
        serialize_bytes(&[u8]) -> (), serialize_none() -> (), serialize_unit() -> (),
        serialize_unit_struct(&'static str) -> (),
        serialize_unit_variant(&'static str, u32, &'static str) -> (),
        serialize_seq(Option<usize>) -> Impossible<(), Error>,
        serialize_tuple(usize) -> Impossible<(), Error>,
        serialize_tuple_struct(&'static str, usize) -> Impossible<(), Error>,
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>,
        serialize_map(Option<usize>) -> Impossible<(), Error>,
        serialize_struct(&'static str, usize) -> Impossible<(), Error>,
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>);
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), Error> {
        Err(not_raw_text())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(not_raw_text())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(not_raw_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde::Serialize;
    use serde_json::{json, Value};
    use std::collections::BTreeMap;

    fn same_as_serde_json<T: Serialize + ?Sized>(value: &T) -> String {
        let ours = Json::of(value).expect("writes");
        let theirs = serde_json::to_string(value).expect("serde_json writes");
        assert_eq!(ours.get(), theirs);
        theirs
    }

    #[derive(Serialize)]
    #[serde(rename_all = "snake_case")]
    enum Shape {
        Unit,
        Newtype(u8),
        Tuple(i32, &'static str),
        Struct { a: Option<u8>, b: Vec<()> },
    }

    #[derive(Serialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    enum Tagged {
        One { x: u8 },
        Two,
    }

    #[derive(Serialize)]
    struct Unit;

    #[derive(Serialize)]
    struct Newtype(&'static str);

    #[derive(Serialize)]
    struct Pair(u8, bool);

    #[derive(Serialize)]
    struct Everything {
        shapes: Vec<Shape>,
        tagged: Vec<Tagged>,
        unit: Unit,
        newtype: Newtype,
        pair: Pair,
        tuple: (u8, (), char),
        #[serde(with = "serde_bytes_as_seq")]
        bytes: Vec<u8>,
        numbers: (i8, i16, i32, i64, i128, u8, u16, u32, u64, u128),
        extremes: (i64, u64, i128, u128),
        floats: (f32, f64, f64, f64, f64, f64),
        int_keys: BTreeMap<u32, &'static str>,
        signed_keys: BTreeMap<i64, u8>,
        bool_keys: BTreeMap<bool, u8>,
        char_keys: BTreeMap<char, u8>,
        enum_keys: BTreeMap<Key, u8>,
        empty_map: BTreeMap<String, u8>,
        empty_seq: Vec<u8>,
        empty_struct_variant: EmptyVariant,
        #[serde(flatten)]
        flattened: BTreeMap<&'static str, i8>,
        nested: Json,
    }

    #[derive(Serialize)]
    enum EmptyVariant {
        Nothing {},
    }

    #[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
    enum Key {
        Alpha,
        Beta,
    }

    mod serde_bytes_as_seq {
        pub fn serialize<S: serde::Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(v)
        }
    }

    /// `copy_short` takes a different path for 0–3, 4–7, 8–16 and longer
    /// texts: every length, as a string, a field name and a bare value.
    #[test]
    fn texts_of_every_length_are_copied_whole() {
        let alphabet = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP";
        for n in 0..=alphabet.len() {
            let s = &alphabet[..n];
            let name: &'static str = Box::leak(s.to_string().into_boxed_str());
            let mut w = Writer { out: String::new() };
            w.string(s);
            w.field_name(true, name);
            w.variant_name(name);
            w.text(s);
            assert_eq!(w.out, format!("\"{s}\",\"{s}\":\"{s}\"{s}"), "length {n}");
        }
    }

    #[test]
    fn writes_every_serde_shape_as_serde_json_does() {
        let value = Everything {
            shapes: vec![
                Shape::Unit,
                Shape::Newtype(7),
                Shape::Tuple(-3, "t"),
                Shape::Struct {
                    a: None,
                    b: vec![(), ()],
                },
            ],
            tagged: vec![Tagged::One { x: 1 }, Tagged::Two],
            unit: Unit,
            newtype: Newtype("n"),
            pair: Pair(2, false),
            tuple: (1, (), '"'),
            bytes: vec![0, 255],
            numbers: (-8, -16, -32, -64, -128, 8, 16, 32, 64, 128),
            extremes: (i64::MIN, u64::MAX, i128::MIN, u128::MAX),
            floats: (1.5, -0.0, 1e300, 0.1, f64::NAN, f64::INFINITY),
            int_keys: [(3, "three"), (10, "ten")].into(),
            signed_keys: [(-1, 1)].into(),
            bool_keys: [(true, 1), (false, 0)].into(),
            char_keys: [('\n', 1), ('é', 2)].into(),
            enum_keys: [(Key::Alpha, 1), (Key::Beta, 2)].into(),
            empty_map: BTreeMap::new(),
            empty_seq: vec![],
            empty_struct_variant: EmptyVariant::Nothing {},
            flattened: [("flat", -1)].into(),
            nested: Json::of(&json!({"raw": [1, "x"]})).unwrap(),
        };
        let text = same_as_serde_json(&value);
        assert!(text.contains(r#""nested":{"raw":[1,"x"]}"#), "{text}");
    }

    /// Field and variant names are copied unchecked; a `rename` that needs
    /// an escape is caught by the comparison every debug build makes.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "json::Writer and serde_json disagree")]
    fn a_name_that_needs_an_escape_is_caught_in_debug_builds() {
        #[derive(Serialize)]
        struct Odd {
            #[serde(rename = "q\"uoted")]
            quoted: u8,
        }
        let _ = Json::of(&Odd { quoted: 1 });
    }

    /// The word-at-a-time test agrees with the byte table for every byte
    /// at every place in texts of 0 to 24 bytes, over plain and UTF-8
    /// backgrounds (bytes above 0x7f must not look like 0x22 or 0x5c).
    #[test]
    fn the_word_scan_finds_exactly_the_bytes_that_need_an_escape() {
        for background in [b'a', b' ', 0x7f, 0x80, 0xa2, 0xdc, 0xff, 0x21, 0x23] {
            for len in 0..=24 {
                let plain = vec![background; len];
                assert_eq!(
                    needs_escape(&plain),
                    NEEDS_ESCAPE[background as usize] && len > 0,
                    "{background:#x} × {len}"
                );
                for at in 0..len {
                    for b in 0..=255u8 {
                        let mut text = plain.clone();
                        text[at] = b;
                        let expected = text.iter().any(|&x| NEEDS_ESCAPE[x as usize]);
                        assert_eq!(
                            needs_escape(&text),
                            expected,
                            "{b:#x} at {at} of {len} on {background:#x}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn escapes_as_serde_json_does() {
        let all_bytes: String = (0u8..=0x7f).map(char::from).collect();
        let text = same_as_serde_json(&all_bytes);
        assert!(text.starts_with(r#""\u0000\u0001"#), "{text}");
        assert!(text.contains(r#"\b\t\n\u000b\f\r\u000e"#), "{text}");
        same_as_serde_json("Dörfer, Ströme und ein \"Zitat\" \\ 😀\u{7f}");
        same_as_serde_json(&json!({"a\tb": "\u{1f}", "": ""}));
    }

    #[test]
    fn keys_serde_json_refuses_are_refused() {
        let by_unit: BTreeMap<(), u8> = [((), 1)].into();
        assert!(Json::of(&by_unit).is_err());
        assert!(serde_json::to_string(&by_unit).is_err());
        let by_nan: Vec<(f64, u8)> = vec![(f64::NAN, 1)];
        let map = MapOf(by_nan);
        assert!(Json::of(&map).is_err());
        assert!(serde_json::to_string(&map).is_err());
        same_as_serde_json(&MapOf(vec![(1.5f64, 1u8)]));
    }

    /// A map with any key type (a `BTreeMap` wants `Ord`).
    struct MapOf<K, V>(Vec<(K, V)>);

    impl<K: Serialize, V: Serialize> Serialize for MapOf<K, V> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
        }
    }

    fn arb_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            any::<String>().prop_map(Value::String),
            "[\\x00-\\x7f]{0,12}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 64, 8, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
                prop::collection::btree_map(any::<String>(), inner, 0..8)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn any_json_value_is_written_as_serde_json_writes_it(value in arb_json()) {
            let ours = Json::of(&value).unwrap();
            prop_assert_eq!(ours.get(), serde_json::to_string(&value).unwrap());
        }
    }

    #[test]
    fn serde_json_writes_it_unescaped_and_reads_it_back() {
        let part = Json::of(&json!({"view": ["x", 1]})).unwrap();
        let doc = json!({"before": 1});
        #[derive(Serialize)]
        struct Doc<'a> {
            before: &'a Value,
            part: &'a Json,
        }
        let text = serde_json::to_string(&Doc {
            before: &doc,
            part: &part,
        })
        .unwrap();
        assert_eq!(text, r#"{"before":{"before":1},"part":{"view":["x",1]}}"#);
        // Into a tree, the text is parsed (as serde_json does for `RawValue`).
        let tree = serde_json::to_value(&part).unwrap();
        assert_eq!(tree, json!({"view": ["x", 1]}));
        let pretty = serde_json::to_string_pretty(&part).unwrap();
        assert_eq!(pretty, r#"{"view":["x",1]}"#);
    }

    #[test]
    fn parse_checks_the_text() {
        assert_eq!(Json::parse("[1, 2]".into()).unwrap().get(), "[1, 2]");
        assert!(Json::parse("[1, ".into()).is_err());
        assert!(Json::parse("1 2".into()).is_err());
    }

    #[test]
    fn the_hint_follows_the_last_text() {
        let hint = SizeHint::new();
        assert_eq!(hint.capacity(), 128);
        Json::of_sized(&"x".repeat(4000), &hint).unwrap();
        assert_eq!(hint.capacity(), 4002 + 4002 / 8);
    }
}
