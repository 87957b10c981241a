//! A compact binary form of any value with serde's derives, for links that must fit in a QR
//! code: numbers as variable-length integers, texts and lists with their length in front, an
//! enum variant as its place in the enum, and a struct as a bitmap of the fields it holds
//! (in declaration order) followed by those fields. A field left out when written (serde's
//! `skip_serializing_if`) takes its default when read. Names are not written, so a change of a
//! type's shape changes the form: the link's version number says which form a link uses.
//!
//! Postcard's form is close but cannot stand in for this one. It writes every field in turn
//! with no bitmap, so the settings' fields left out when absent (the ranks, the event, the
//! pairing) would not read back, and a field added last (the pairing) would change every link,
//! where here a game without it keeps the bytes an older app reads (link version 2). It also
//! writes komi in eight bytes, where a whole or half point takes two here.

use std::fmt;

use serde::de::{
    self, DeserializeSeed, EnumAccess, IntoDeserializer, MapAccess, SeqAccess, VariantAccess,
    Visitor,
};
use serde::ser::{self, Serialize};

use crate::core::text::t;

/// Why a value cannot be written or read in the binary form.
#[derive(Clone, Debug, PartialEq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error(msg.to_string())
    }
}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error(msg.to_string())
    }
}

/// `value` in the binary form, appended to `out`.
pub fn write<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<(), Error> {
    value.serialize(&mut Writer { out })
}

/// Reads a value of type `T` from the start of `input`; returns it and the bytes after it.
pub fn read<T: de::DeserializeOwned>(input: &[u8]) -> Result<(T, &[u8]), Error> {
    let mut reader = Reader { input };
    let value = T::deserialize(&mut reader)?;
    Ok((value, reader.input))
}

/// Appends `v` as an unsigned variable-length integer (seven bits a byte, low first).
pub fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Appends a signed integer, small magnitudes in few bytes (zigzag).
pub fn push_signed(out: &mut Vec<u8>, v: i64) {
    push_varint(out, ((v << 1) ^ (v >> 63)) as u64);
}

/// Reads an unsigned variable-length integer from the front of `input`.
pub fn take_varint(input: &mut &[u8]) -> Result<u64, Error> {
    let mut v: u64 = 0;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = input
            .split_first()
            .ok_or_else(|| Error(t("the data ends inside a number").into()))?;
        *input = rest;
        let bits = u64::from(byte & 0x7f);
        if shift == 63 && bits > 1 {
            return Err(Error(t("a number is too large").into()));
        }
        v |= bits << shift;
        if byte & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err(Error(t("a number is too long").into()))
}

/// Reads a signed integer written by [`push_signed`].
pub fn take_signed(input: &mut &[u8]) -> Result<i64, Error> {
    let v = take_varint(input)?;
    Ok(((v >> 1) as i64) ^ -((v & 1) as i64))
}

struct Writer<'a> {
    out: &'a mut Vec<u8>,
}

/// A struct being written: the bitmap of its fields goes in front once all are known.
struct StructWriter<'w, 'a> {
    writer: &'w mut Writer<'a>,
    start: usize,
    bits: u64,
    position: u32,
}

impl StructWriter<'_, '_> {
    fn field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        if self.position >= 64 {
            return Err(Error(t("a struct has more than 64 fields").into()));
        }
        self.bits |= 1 << self.position;
        self.position += 1;
        value.serialize(&mut *self.writer)
    }

    fn skip(&mut self) {
        self.position += 1;
    }

    fn finish(self) {
        let mut bitmap = Vec::with_capacity(2);
        push_varint(&mut bitmap, self.bits);
        self.writer.out.splice(self.start..self.start, bitmap);
    }
}

impl<'w, 'a> ser::Serializer for &'w mut Writer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = StructWriter<'w, 'a>;
    type SerializeStructVariant = StructWriter<'w, 'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out.push(u8::from(v));
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        push_signed(self.out, v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        push_varint(self.out, v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        // Komi and the like are whole or half points: twice the value fits a small integer.
        let twice = v * 2.0;
        if twice.fract() == 0.0 && twice.abs() < 1e15 && !(v == 0.0 && v.is_sign_negative()) {
            self.out.push(0);
            push_signed(self.out, twice as i64);
        } else {
            self.out.push(1);
            self.out.extend_from_slice(&v.to_le_bytes());
        }
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.serialize_u64(u64::from(u32::from(v)))
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.serialize_bytes(v.as_bytes())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        push_varint(self.out, v.len() as u64);
        self.out.extend_from_slice(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.out.push(0);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        self.out.push(1);
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
    ) -> Result<(), Error> {
        self.serialize_u32(index)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        push_varint(self.out, u64::from(index));
        value.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, Error> {
        let len = len.ok_or_else(|| Error(t("a list of unknown length").into()))?;
        push_varint(self.out, len as u64);
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Error> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Error> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Error> {
        push_varint(self.out, u64::from(index));
        Ok(self)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, Error> {
        self.serialize_seq(len)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<StructWriter<'w, 'a>, Error> {
        let start = self.out.len();
        Ok(StructWriter {
            writer: self,
            start,
            bits: 0,
            position: 0,
        })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<StructWriter<'w, 'a>, Error> {
        push_varint(self.out, u64::from(index));
        self.serialize_struct("", 0)
    }
}

impl ser::SerializeSeq for &mut Writer<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

impl ser::SerializeTuple for &mut Writer<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

impl ser::SerializeTupleStruct for &mut Writer<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

impl ser::SerializeTupleVariant for &mut Writer<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

impl ser::SerializeMap for &mut Writer<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

impl ser::SerializeStruct for StructWriter<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(value)
    }
    fn skip_field(&mut self, _: &'static str) -> Result<(), Error> {
        self.skip();
        Ok(())
    }
    fn end(self) -> Result<(), Error> {
        self.finish();
        Ok(())
    }
}

impl ser::SerializeStructVariant for StructWriter<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(value)
    }
    fn skip_field(&mut self, _: &'static str) -> Result<(), Error> {
        self.skip();
        Ok(())
    }
    fn end(self) -> Result<(), Error> {
        self.finish();
        Ok(())
    }
}

struct Reader<'a> {
    input: &'a [u8],
}

impl<'a> Reader<'a> {
    fn byte(&mut self) -> Result<u8, Error> {
        let (&b, rest) = self
            .input
            .split_first()
            .ok_or_else(|| Error(t("the data ends too early").into()))?;
        self.input = rest;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u64, Error> {
        take_varint(&mut self.input)
    }

    fn signed(&mut self) -> Result<i64, Error> {
        take_signed(&mut self.input)
    }

    fn bytes(&mut self) -> Result<&'a [u8], Error> {
        let len =
            usize::try_from(self.varint()?).map_err(|_| Error(t("a text is too long").into()))?;
        if len > self.input.len() {
            return Err(Error(t("the data ends inside a text").into()));
        }
        let (bytes, rest) = self.input.split_at(len);
        self.input = rest;
        Ok(bytes)
    }

    fn str(&mut self) -> Result<&'a str, Error> {
        std::str::from_utf8(self.bytes()?).map_err(|_| Error(t("a text is not UTF-8").into()))
    }

    fn length(&mut self) -> Result<usize, Error> {
        let len =
            usize::try_from(self.varint()?).map_err(|_| Error(t("a list is too long").into()))?;
        // Every element takes at least one byte, except the few that take none (unit values):
        // a length beyond what is left is damage.
        if len > self.input.len() {
            return Err(Error(t("a list is longer than the data").into()));
        }
        Ok(len)
    }
}

fn narrow<T: TryFrom<u64>>(v: u64) -> Result<T, Error> {
    T::try_from(v).map_err(|_| Error(t("a number is out of range").into()))
}

fn narrow_signed<T: TryFrom<i64>>(v: i64) -> Result<T, Error> {
    T::try_from(v).map_err(|_| Error(t("a number is out of range").into()))
}

impl<'de> de::Deserializer<'de> for &mut Reader<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
        Err(Error(
            t("the binary form cannot be read without its type").into(),
        ))
    }
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.byte()? {
            0 => visitor.visit_bool(false),
            1 => visitor.visit_bool(true),
            _ => Err(Error(t("a yes-or-no value is neither").into())),
        }
    }
    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_i8(narrow_signed(self.signed()?)?)
    }
    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_i16(narrow_signed(self.signed()?)?)
    }
    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_i32(narrow_signed(self.signed()?)?)
    }
    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_i64(self.signed()?)
    }
    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_u8(narrow(self.varint()?)?)
    }
    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_u16(narrow(self.varint()?)?)
    }
    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_u32(narrow(self.varint()?)?)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_u64(self.varint()?)
    }
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_f64(visitor)
    }
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.byte()? {
            0 => visitor.visit_f64(self.signed()? as f64 / 2.0),
            1 => {
                let bytes = self
                    .input
                    .split_first_chunk::<8>()
                    .ok_or_else(|| Error(t("the data ends inside a number").into()))?;
                self.input = bytes.1;
                visitor.visit_f64(f64::from_le_bytes(*bytes.0))
            }
            _ => Err(Error(t("a number has an unknown form").into())),
        }
    }
    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let c = char::from_u32(narrow(self.varint()?)?)
            .ok_or_else(|| Error(t("a character is not one").into()))?;
        visitor.visit_char(c)
    }
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_str(self.str()?)
    }
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_bytes(self.bytes()?)
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.byte()? {
            0 => visitor.visit_none(),
            1 => visitor.visit_some(self),
            _ => Err(Error(
                t("an optional value is neither there nor absent").into(),
            )),
        }
    }
    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let left = self.length()?;
        visitor.visit_seq(Items { reader: self, left })
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_seq(Items {
            reader: self,
            left: len,
        })
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, visitor)
    }
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let left = self.length()?;
        visitor.visit_map(Items { reader: self, left })
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let bits = self.varint()?;
        if fields.len() < 64 && bits >> fields.len() != 0 {
            return Err(Error(
                t("a value has fields this version does not know").into(),
            ));
        }
        visitor.visit_map(Fields {
            reader: self,
            fields,
            bits,
            position: 0,
        })
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_enum(self)
    }
    fn deserialize_identifier<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
        Err(Error(t("the binary form has no names").into()))
    }
    fn deserialize_ignored_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
        Err(Error(t("the binary form cannot skip a value").into()))
    }
    fn is_human_readable(&self) -> bool {
        false
    }
}

struct Items<'r, 'de> {
    reader: &'r mut Reader<'de>,
    left: usize,
}

impl<'de> SeqAccess<'de> for Items<'_, 'de> {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.reader).map(Some)
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

impl<'de> MapAccess<'de> for Items<'_, 'de> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.reader).map(Some)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(&mut *self.reader)
    }
}

/// The fields a struct holds, named from its type as serde lists them.
struct Fields<'r, 'de> {
    reader: &'r mut Reader<'de>,
    fields: &'static [&'static str],
    bits: u64,
    position: usize,
}

impl<'de> MapAccess<'de> for Fields<'_, 'de> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        while self.position < self.fields.len() && self.bits & (1 << self.position) == 0 {
            self.position += 1;
        }
        let Some(name) = self.fields.get(self.position) else {
            return Ok(None);
        };
        self.position += 1;
        let key: de::value::StrDeserializer<'_, Error> = name.into_deserializer();
        seed.deserialize(key).map(Some)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(&mut *self.reader)
    }
}

impl<'de> EnumAccess<'de> for &mut Reader<'de> {
    type Error = Error;
    type Variant = Self;
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let index: u32 = narrow(self.varint()?)?;
        let key: de::value::U32Deserializer<Error> = index.into_deserializer();
        let value = seed
            .deserialize(key)
            .map_err(|_| Error(t("a value of a kind this version does not know").into()))?;
        Ok((value, self))
    }
}

impl<'de> VariantAccess<'de> for &mut Reader<'de> {
    type Error = Error;
    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }
    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_tuple(self, len, visitor)
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_struct(self, "", fields, visitor)
    }
}
