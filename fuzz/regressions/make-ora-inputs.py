#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the handcrafted inputs of fuzz/regressions/ora-stack/ and ora-zip/ (see
# README.md): nasty stack.xml files, and .ora archives made with zipfile whose
# headers are then patched to lie about their sizes.
import io
import os
import struct
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
S = os.path.join(HERE, 'ora-stack')
Z = os.path.join(HERE, 'ora-zip')
os.makedirs(S,exist_ok=True); os.makedirs(Z,exist_ok=True)
def w(d,n,b):
    open(os.path.join(d,n),'wb').write(bytes(b) if isinstance(b,(bytes,bytearray)) else b.encode())
w(S,'unclosed-tags','<image w="4" h="4"><stack><layer src="a.png"><stack name="open">')
w(S,'unclosed-attribute','<image w="4" h="4"><stack><layer src="a.png')
w(S,'huge-numbers','<image w="99999999999999999999999" h="1e308"><stack><layer src="a.png" x="1e308" y="-1e308" opacity="1e400"/></stack></image>')
w(S,'huge-offsets-summed','<image w="4" h="4">'+'<stack x="16777216" y="-16777216">'*64+'<layer src="a.png" x="16777216" y="-16777216"/>'+'</stack>'*64+'</image>')
w(S,'size-of-309-digits','<image w="1e308" h="1"/>')
w(S,'nan-and-infinity','<image w="nan" h="inf"><stack><layer src="a.png" x="nan"/></stack></image>')
w(S,'size-rounds-to-zero','<image w="0.4" h="16385"><stack/></image>')
w(S,'deep-nesting-past-limit','<image w="4" h="4">'+'<stack>'*70+'<layer src="a.png"/>'+'</stack>'*70+'</image>')
w(S,'deep-nesting-at-limit','<image w="4" h="4">'+'<stack>'*64+'<layer src="a.png"/>'+'</stack>'*64+'</image>')
w(S,'deep-unknown-elements','<image w="4" h="4"><stack>'+'<text>'*4000+'</text>'*4000+'</stack></image>')
w(S,'layers-past-limit','<image w="4" h="4"><stack>'+'<layer src="a.png"/>'*1001+'</stack></image>')
w(S,'nul-cuts-src-short',b'<image w="4" h="4"><stack><layer src="a\x00.png"/></stack></image>')
w(S,'two-images','<image w="4" h="4"><stack/></image><image w="4" h="4"/>')
w(S,'layer-without-src','<image w="4" h="4"><stack><layer name="x"/></stack></image>')
w(S,'not-utf8',b'<image w="4" h="4"><stack><layer name="\xff\xfe" src="a.png"/></stack></image>')
w(S,'empty',b'')
w(S,'entity-loop','<!DOCTYPE image [<!ENTITY a "&a;">]><image w="4" h="4"><stack><layer name="&a;" src="a.png"/></stack></image>')

png=bytes.fromhex('89504e470d0a1a0a0000000d4948445200000001000000010806000000')+struct.pack('>I',zlib.crc32(bytes.fromhex('4948445200000001000000010806000000')))+bytes.fromhex('0000000d49444154789c63f8cfc0f01f0005000201') + b'\x00\x00\x00\x00IEND\xaeB`\x82'
def ora(stack, files=(), store=True):
    b=io.BytesIO()
    with zipfile.ZipFile(b,'w') as z:
        z.writestr(zipfile.ZipInfo('mimetype'),'image/openraster')
        zi=zipfile.ZipInfo('stack.xml'); zi.compress_type=zipfile.ZIP_STORED if store else zipfile.ZIP_DEFLATED
        z.writestr(zi,stack)
        for n,d,c in files:
            zi=zipfile.ZipInfo(n); zi.compress_type=c; z.writestr(zi,d)
    return bytearray(b.getvalue())
one='<image w="4" h="4"><stack><layer src="data/a.png"/></stack></image>'
# entry lying about its size: patch the declared uncompressed size of data/a.png in both headers
def patch_size(buf,name,new):
    nb=name.encode()
    i=0
    while True:
        i=buf.find(b'PK\x03\x04',i)
        if i<0: break
        n=struct.unpack_from('<H',buf,i+26)[0]
        if buf[i+30:i+30+n]==nb: struct.pack_into('<I',buf,i+22,new)
        i+=4
    i=0
    while True:
        i=buf.find(b'PK\x01\x02',i)
        if i<0: break
        n=struct.unpack_from('<H',buf,i+28)[0]
        if buf[i+46:i+46+n]==nb: struct.pack_into('<I',buf,i+24,new)
        i+=4
    return bytes(buf)
w(Z,'entry-says-smaller-than-it-inflates',patch_size(ora(one,[('data/a.png',png+b'\0'*5000,zipfile.ZIP_DEFLATED)],False),'data/a.png',len(png)))
w(Z,'entry-says-larger-than-it-inflates',patch_size(ora(one,[('data/a.png',png,zipfile.ZIP_DEFLATED)],False),'data/a.png',len(png)+100))
w(Z,'stored-entry-says-smaller',patch_size(ora(one,[('data/a.png',png,zipfile.ZIP_STORED)]),'data/a.png',10))
w(Z,'entry-says-4gib',patch_size(ora(one,[('data/a.png',png,zipfile.ZIP_DEFLATED)],False),'data/a.png',0xffffff00))
w(Z,'stack-says-tiny-inflates-past-limit',patch_size(ora('<image w="4" h="4"><stack>'+' '*(300<<10)+'</stack></image>',[],False),'stack.xml',40))
w(Z,'zip-bomb-layer',ora(one,[('data/a.png',png+b'\0'*(3<<20),zipfile.ZIP_DEFLATED)]))
w(Z,'layers-past-total-limit',ora('<image w="4" h="4"><stack>'+''.join('<layer src="data/%d.png"/>'%i for i in range(6))+'</stack></image>',[('data/%d.png'%i,png+b'\0'*(900<<10),zipfile.ZIP_DEFLATED) for i in range(6)]))
w(Z,'deep-nesting-past-limit',ora('<image w="4" h="4">'+'<stack>'*12+'<layer src="data/a.png"/>'+'</stack>'*12+'</image>',[('data/a.png',png,zipfile.ZIP_STORED)]))
w(Z,'layer-file-missing',ora(one,[]))
w(Z,'layer-not-png',ora(one,[('data/a.png',b'GIF89a....',zipfile.ZIP_STORED)]))
w(Z,'layer-side-past-limit',ora(one,[('data/a.png',png[:16]+struct.pack('>II',5000,1)+png[24:],zipfile.ZIP_STORED)]))
w(Z,'one-layer',ora(one,[('data/a.png',png,zipfile.ZIP_STORED)]))
w(Z,'layer-src-with-dot-slash',ora('<image w="4" h="4"><stack><layer src="./././/data/a.png"/></stack></image>',[('data/a.png',png,zipfile.ZIP_STORED)]))
w(Z,'no-mimetype',bytes(ora(one))[0:0] or (lambda b:(zipfile.ZipFile(b,'w').close(),b.getvalue())[1])(io.BytesIO()))
full=bytes(ora(one,[('data/a.png',png,zipfile.ZIP_DEFLATED)],False))
w(Z,'truncated',full[:len(full)//2])
w(Z,'end-record-only',b'PK\x05\x06'+b'\0'*18)
w(Z,'central-directory-past-end',b'PK\x05\x06\0\0\0\0\x01\0\x01\0\xff\xff\xff\x00\x10\x00\x00\x00\0\0')
w(Z,'not-a-zip',b'<image w="4" h="4"/>')
w(Z,'empty',b'')
